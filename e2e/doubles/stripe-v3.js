/*
 * A local double of the part of Stripe.js the checkout uses, served by Playwright in
 * place of https://js.stripe.com (which machines without internet cannot reach).
 * window.Stripe(key) -> { elements(opts) -> { create, getElement, submit },
 * confirmPayment, confirmCardPayment }. Elements render a plain "Card number" input.
 * Test cards (as on Stripe): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is
 * declined; 4000 0000 0000 9995 insufficient funds; 4000 0000 0000 0069 expired;
 * 4000 0000 0000 3220 needs authentication (status requires_action). Every confirm
 * call is recorded in window.__stripeDouble.calls.
 *
 * Demo payments (docs/billing.md "Demo payments") load this same file from the app with
 * data-confirm-url on its script tag: then a confirm is decided by the local demo payment
 * server (POST to that URL, which confirms the intent there in Stripe's wire format and
 * sends the signed webhooks), not by the table below.
 */
(function () {
  "use strict";
  var record = { keys: [], elementsOptions: [], calls: [] };
  window.__stripeDouble = record;
  var confirmUrl = document.currentScript ? document.currentScript.getAttribute("data-confirm-url") : null;

  var delay = function (ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  };
  var digits = function (value) {
    return String(value || "").replace(/\D/g, "");
  };

  function createElement(type) {
    var handlers = {};
    var node = null;
    var input = null;
    var element = {
      __type: type,
      value: function () {
        return input ? digits(input.value) : "";
      },
      mount: function (target) {
        node = typeof target === "string" ? document.querySelector(target) : target;
        var wrapper = document.createElement("div");
        wrapper.setAttribute("data-stripe-double", type);
        var label = document.createElement("label");
        label.textContent = "Card number";
        label.style.display = "grid";
        label.style.gap = "4px";
        label.style.fontSize = "14px";
        input = document.createElement("input");
        input.type = "text";
        input.inputMode = "numeric";
        input.autocomplete = "cc-number";
        input.placeholder = "1234 1234 1234 1234";
        input.style.border = "1px solid #64748b";
        input.style.borderRadius = "6px";
        input.style.padding = "8px";
        input.addEventListener("input", function () {
          var n = digits(input.value);
          emit("change", { elementType: type, empty: n.length === 0, complete: n.length === 16, error: undefined });
        });
        label.appendChild(input);
        wrapper.appendChild(label);
        node.appendChild(wrapper);
        setTimeout(function () {
          emit("ready", { elementType: type });
        }, 50);
        return element;
      },
      on: function (event, cb) {
        (handlers[event] = handlers[event] || []).push(cb);
        return element;
      },
      once: function (event, cb) {
        var wrapped = function (payload) {
          element.off(event, wrapped);
          cb(payload);
        };
        return element.on(event, wrapped);
      },
      off: function (event, cb) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return cb && h !== cb;
        });
        return element;
      },
      update: function () {
        return element;
      },
      focus: function () {
        if (input) input.focus();
        return element;
      },
      blur: function () {
        if (input) input.blur();
        return element;
      },
      clear: function () {
        if (input) input.value = "";
        return element;
      },
      collapse: function () {
        return element;
      },
      unmount: function () {
        if (node) node.innerHTML = "";
        return element;
      },
      destroy: function () {
        element.unmount();
        handlers = {};
        return element;
      },
    };
    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (h) {
        h(payload);
      });
    }
    return element;
  }

  function outcome(number, clientSecret) {
    var id = String(clientSecret || "pi_double").split("_secret_")[0];
    var error = function (code, message, declineCode) {
      return { error: { type: "card_error", code: code, decline_code: declineCode, message: message, payment_intent: { id: id } } };
    };
    switch (number) {
      case "4242424242424242":
        return { paymentIntent: { id: id, object: "payment_intent", status: "succeeded" } };
      case "4000000000000002":
        return error("card_declined", "Your card was declined.", "generic_decline");
      case "4000000000009995":
        return error("card_declined", "Your card has insufficient funds.", "insufficient_funds");
      case "4000000000000069":
        return error("expired_card", "Your card has expired.");
      case "4000000000003220":
        return { paymentIntent: { id: id, object: "payment_intent", status: "requires_action" } };
      default:
        return { error: { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." } };
    }
  }

  /** Demo payments: the demo payment server decides, as Stripe's API does for Stripe.js. */
  function serverOutcome(number, clientSecret, email) {
    return fetch(confirmUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ clientSecret: clientSecret, number: number, email: email || undefined }),
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (answer) {
        // Our route's own refusals ({error: "message"}) read as Stripe.js's API errors.
        return typeof answer.error === "string" ? { error: { type: "api_error", message: answer.error } } : answer;
      })
      .catch(function () {
        return { error: { type: "api_connection_error", message: "The demo payment server did not answer." } };
      });
  }

  function decide(number, clientSecret, email) {
    return confirmUrl ? serverOutcome(number, clientSecret, email) : delay(400).then(function () {
      return outcome(number, clientSecret);
    });
  }

  function Stripe(key, options) {
    record.keys.push(key);
    var created = {};
    var elementsOptions = null;
    var elements = {
      create: function (type, opts) {
        record.elementsOptions.push({ type: type, options: opts || null });
        created[type] = createElement(type);
        return created[type];
      },
      getElement: function (typeOrComponent) {
        var type = typeof typeOrComponent === "string" ? typeOrComponent : typeOrComponent && typeOrComponent.__elementType;
        return created[type] || null;
      },
      submit: function () {
        var payment = created.payment;
        var n = payment ? payment.value() : "";
        return delay(20).then(function () {
          return n.length === 0
            ? { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } }
            : { selectedPaymentMethod: "card" };
        });
      },
      update: function () {},
      fetchUpdates: function () {
        return Promise.resolve({});
      },
    };
    return {
      _double: true,
      _options: options || null,
      elements: function (opts) {
        elementsOptions = opts || {};
        record.elementsOptions.push({ type: "group", options: elementsOptions });
        return elements;
      },
      createToken: function () {
        return Promise.resolve({ error: { type: "api_error", message: "Not supported by the double" } });
      },
      createPaymentMethod: function () {
        return Promise.resolve({ error: { type: "api_error", message: "Not supported by the double" } });
      },
      confirmPayment: function (params) {
        record.calls.push({ method: "confirmPayment", confirmParams: params.confirmParams, redirect: params.redirect });
        var payment = params.elements && params.elements.getElement("payment");
        var secret = (elementsOptions && elementsOptions.clientSecret) || params.clientSecret;
        var number = payment ? payment.value() : "";
        var details = params.confirmParams && params.confirmParams.payment_method_data && params.confirmParams.payment_method_data.billing_details;
        return decide(number, secret, details && details.email);
      },
      confirmCardPayment: function (clientSecret, data) {
        record.calls.push({ method: "confirmCardPayment", billingDetails: data && data.payment_method && data.payment_method.billing_details });
        var card = data && data.payment_method && data.payment_method.card;
        var number = card && typeof card.value === "function" ? card.value() : "";
        var billing = data && data.payment_method && data.payment_method.billing_details;
        return decide(number, clientSecret, billing && billing.email);
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
