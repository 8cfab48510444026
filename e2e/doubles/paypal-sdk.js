/*
 * A local double of the part of the PayPal JS SDK the checkout uses, served by
 * Playwright in place of https://www.paypal.com/sdk/js (and the sandbox host).
 * window.paypal.Buttons({createOrder, onApprove, onCancel, onError, onInit}) ->
 * {render(container), isEligible(), close(), updateProps()}. It renders two plain
 * buttons: "PayPal" runs createOrder then onApprove({orderID}) as if the buyer
 * approved; "Cancel PayPal" calls onCancel. Calls are recorded in window.__paypalDouble.
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
          Promise.resolve()
            .then(function () {
              return options.createOrder({ paymentSource: "paypal" }, {});
            })
            .then(function (orderID) {
              record.orders.push(orderID);
              record.events.push("approve");
              return options.onApprove({ orderID: orderID, payerID: "PAYERDOUBLE", paymentSource: "paypal" }, {});
            })
            .catch(function (error) {
              record.events.push("error");
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
