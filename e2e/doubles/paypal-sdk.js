/*
 * A local double of the part of the PayPal JS SDK the checkout uses, served by
 * Playwright in place of https://www.paypal.com/sdk/js (and the sandbox host).
 * window.paypal.Buttons({createOrder | createSubscription, onApprove, onCancel, onError,
 * onInit}) -> {render(container), isEligible(), close(), updateProps()}. It renders two
 * plain buttons. "PayPal" works like the real button: it opens PayPal's popup window
 * (synchronously, inside the click), runs createOrder / createSubscription, points the
 * popup at PayPal's approval page (https://www.sandbox.paypal.com/checkoutnow?token=<order>
 * or .../webapps/billing/subscriptions?ba_token=<subscription>), and waits for that page
 * to post back {paypalDouble: <id>, approved: true|false} through window.opener. Then
 * onApprove({orderID} | {subscriptionID}) or onCancel. The test serves the approval page
 * (context.route). When the popup cannot talk back (a Cross-Origin-Opener-Policy of
 * same-origin severs window.opener) and closes, that is onCancel, as with the real SDK.
 * "Cancel PayPal" calls onCancel. Calls are recorded in window.__paypalDouble.
 */
(function () {
  "use strict";
  var record = { orders: [], events: [] };
  window.__paypalDouble = record;
  var actions = {
    enable: function () {
      return Promise.resolve();
    },
    disable: function () {
      return Promise.resolve();
    },
  };

  var PAYPAL_ORIGINS = ["https://www.sandbox.paypal.com", "https://www.paypal.com"];

  /** Resolves true/false when PayPal's page posts back for `id`, false when the popup closes first. */
  function waitForApproval(popup, id) {
    return new Promise(function (resolve) {
      var done = false;
      function finish(value) {
        if (done) return;
        done = true;
        window.removeEventListener("message", onMessage);
        clearInterval(timer);
        resolve(value);
      }
      function onMessage(event) {
        if (PAYPAL_ORIGINS.indexOf(event.origin) === -1) return;
        var data = event.data || {};
        if (data.paypalDouble !== id) return;
        record.events.push("message");
        finish(data.approved === true);
      }
      window.addEventListener("message", onMessage);
      var timer = setInterval(function () {
        if (popup.closed) setTimeout(function () { finish(false); }, 200);
      }, 250);
    });
  }

  function Buttons(options) {
    var container = null;
    return {
      isEligible: function () {
        return true;
      },
      render: function (target) {
        container = typeof target === "string" ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error("container not found"));
        var pay = document.createElement("button");
        pay.type = "button";
        pay.textContent = "PayPal";
        pay.setAttribute("data-testid", "paypal-double-button");
        pay.style.cssText = "width:100%;padding:10px;border-radius:6px;background:#ffc439;color:#111;font-weight:700;border:0";
        pay.addEventListener("click", function () {
          record.events.push("click");
          var subscription = typeof options.createSubscription === "function";
          var popup = window.open("about:blank", "paypal-double-popup", "width=450,height=600");
          record.events.push(popup ? "popup" : "popup-blocked");
          Promise.resolve()
            .then(function () {
              return subscription ? options.createSubscription({}, { subscription: {} }) : options.createOrder({ paymentSource: "paypal" }, {});
            })
            .then(function (id) {
              record.orders.push(id);
              if (!popup) throw new Error("PayPal popup was blocked");
              popup.location.href = subscription
                ? "https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=" + encodeURIComponent(id)
                : "https://www.sandbox.paypal.com/checkoutnow?token=" + encodeURIComponent(id);
              return waitForApproval(popup, id).then(function (approved) {
                if (!approved) {
                  record.events.push("cancel");
                  if (options.onCancel) options.onCancel(subscription ? { subscriptionID: id } : { orderID: id }, {});
                  return undefined;
                }
                record.events.push("approve");
                return options.onApprove(
                  subscription
                    ? { subscriptionID: id, orderID: "ORDER-FOR-" + id, facilitatorAccessToken: "double", paymentSource: "paypal" }
                    : { orderID: id, payerID: "PAYERDOUBLE", paymentSource: "paypal" },
                  {},
                );
              });
            })
            .catch(function (error) {
              record.events.push("error");
              if (popup && !popup.closed) popup.close();
              if (options.onError) options.onError(error);
            });
        });
        var cancel = document.createElement("button");
        cancel.type = "button";
        cancel.textContent = "Cancel PayPal";
        cancel.style.cssText = "margin-top:8px;padding:6px;background:none;border:1px solid #64748b;border-radius:6px;color:#111";
        cancel.addEventListener("click", function () {
          record.events.push("cancel");
          if (options.onCancel) options.onCancel({ orderID: null }, {});
        });
        container.appendChild(pay);
        container.appendChild(cancel);
        if (options.onInit) options.onInit({}, actions);
        return Promise.resolve();
      },
      close: function () {
        if (container) container.innerHTML = "";
        return Promise.resolve();
      },
      updateProps: function () {
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: "5.0.0-double", Buttons: Buttons, FUNDING: { PAYPAL: "paypal" } };
})();
