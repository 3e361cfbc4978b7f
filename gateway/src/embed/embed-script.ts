/**
 * Issue 14, slice C: `/embed.js`, the partner's registration form rendered into its own page.
 * Plain ES2017, no dependencies, no inline styles injected into the host page beyond the form's
 * own elements, text only through textContent (never innerHTML). Its tag:
 *
 *   <div id="portal-signup-form"></div>
 *   <script src="https://<portal>/embed.js" data-token="…" data-target="portal-signup-form" async></script>
 *
 * It loads the labels (GET /v1/embed/form), shows the form (and, for a partner outside Japan, the
 * EU data-protection question: issue 22; the terms and privacy-policy agreements: issue 25), and posts it (POST /v1/embed/registrations) without cookies; field errors appear under their fields and what was
 * entered stays. A double click sends one registration (one idempotency key per form shown).
 */
export const EMBED_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var token = script.getAttribute('data-token') || '';
  var base = new URL(script.src).origin;
  var language = script.getAttribute('data-language');
  var target = document.getElementById(script.getAttribute('data-target') || '');
  if (!target) { target = document.createElement('div'); script.parentNode.insertBefore(target, script); }
  var headers = language ? { 'x-language': language } : {};
  var q = '?token=' + encodeURIComponent(token);
  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16); crypto.getRandomValues(b); b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text) e.textContent = text;
    return e;
  }
  function call(method, path, body) {
    return fetch(base + path + q, {
      method: method, credentials: 'omit', mode: 'cors',
      headers: body ? Object.assign({ 'content-type': 'application/json' }, headers) : headers,
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (res) { return res.json(); }).then(function (env) { return env.result; });
  }
  function fail(message) { target.textContent = ''; target.appendChild(el('p', { role: 'alert', 'class': 'portal-embed-error' }, message)); }
  call('GET', '/v1/embed/form').then(function (result) {
    if (result.access_status.code !== 20000) { fail(result.access_status.message); return; }
    render(result.fields, result.labels, result.question, result.agreements || []);
  }).catch(function () { fail('The registration form is unavailable.'); });

  function render(fields, labels, question, agreements) {
    var key = uuid();
    var form = el('form', { 'class': 'portal-embed-form', novalidate: '' });
    form.appendChild(el('h2', {}, labels.title));
    var status = el('p', { role: 'status', 'aria-live': 'polite' });
    var inputs = {};
    var errors = {};
    fields.forEach(function (name) {
      var id = 'portal-embed-' + name;
      var row = el('div', { 'class': 'portal-embed-field', style: 'margin:0 0 12px' });
      row.appendChild(el('label', { 'for': id, style: 'display:block' }, labels[name]));
      var input = el('input', { id: id, name: name, type: name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text', required: '', style: 'box-sizing:border-box;width:100%;max-width:100%' });
      var error = el('p', { id: id + '-error', 'class': 'portal-embed-field-error', style: 'color:#c92a2a;margin:4px 0 0' });
      input.setAttribute('aria-describedby', id + '-error');
      row.appendChild(input); row.appendChild(error);
      inputs[name] = input; errors[name] = error;
      form.appendChild(row);
    });
    // Issue 22: outside Japan, the EU data-protection question (yes / no radios, none chosen).
    var radios = null;
    if (question === 'eu_subject') {
      var set = el('fieldset', { 'class': 'portal-embed-field portal-embed-question', style: 'margin:0 0 12px;padding:0;border:0' });
      set.appendChild(el('legend', { style: 'padding:0' }, labels.eu_question));
      set.appendChild(el('p', { id: 'portal-embed-eu_subject-help', style: 'margin:4px 0;font-size:90%' }, labels.eu_help));
      radios = {};
      [['yes', labels.eu_yes], ['no', labels.eu_no]].forEach(function (choice) {
        var id = 'portal-embed-eu_subject-' + choice[0];
        var label = el('label', { 'for': id, style: 'margin-right:16px' });
        var radio = el('input', { id: id, type: 'radio', name: 'eu_subject', value: choice[0], 'aria-describedby': 'portal-embed-eu_subject-help portal-embed-eu_subject-error' });
        label.appendChild(radio); label.appendChild(document.createTextNode(' ' + choice[1]));
        set.appendChild(label);
        radios[choice[0]] = radio;
      });
      var euError = el('p', { id: 'portal-embed-eu_subject-error', 'class': 'portal-embed-field-error', style: 'color:#c92a2a;margin:4px 0 0' });
      set.appendChild(euError);
      inputs.eu_subject = set; errors.eu_subject = euError;
      form.appendChild(set);
    }
    // Issue 25 item 6: the terms of use and the privacy policy, each agreed to with a checkbox (none ticked).
    var boxes = {};
    agreements.forEach(function (agreement) {
      var name = agreement.name;
      var id = 'portal-embed-' + name;
      var row = el('div', { 'class': 'portal-embed-field portal-embed-agreement', style: 'margin:0 0 12px' });
      var label = el('label', { 'for': id });
      var box = el('input', { id: id, type: 'checkbox', name: name, 'aria-describedby': id + '-error' });
      label.appendChild(box); label.appendChild(document.createTextNode(' ' + labels[name]));
      row.appendChild(label);
      if (agreement.url) {
        row.appendChild(document.createTextNode(' '));
        row.appendChild(el('a', { href: agreement.url, target: '_blank', rel: 'noopener noreferrer' }, labels.read));
      }
      var error = el('p', { id: id + '-error', 'class': 'portal-embed-field-error', style: 'color:#c92a2a;margin:4px 0 0' });
      row.appendChild(error);
      boxes[name] = box; inputs[name] = box; errors[name] = error;
      form.appendChild(row);
    });
    var button = el('button', { type: 'submit' }, labels.submit);
    form.appendChild(button);
    form.appendChild(status);
    var busy = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (busy) return;
      busy = true; button.disabled = true; status.textContent = '';
      var body = { token: token, idempotency_key: key };
      fields.forEach(function (name) { body[name] = inputs[name].value; errors[name].textContent = ''; inputs[name].removeAttribute('aria-invalid'); });
      Object.keys(boxes).forEach(function (name) { body[name] = boxes[name].checked; errors[name].textContent = ''; boxes[name].removeAttribute('aria-invalid'); });
      if (radios) {
        errors.eu_subject.textContent = ''; inputs.eu_subject.removeAttribute('aria-invalid');
        if (radios.yes.checked) body.eu_subject = true;
        else if (radios.no.checked) body.eu_subject = false;
      }
      call('POST', '/v1/embed/registrations', body).then(function (result) {
        if (result.access_status.code === 20000) {
          target.textContent = '';
          target.appendChild(el('p', { role: 'status', 'class': 'portal-embed-done' }, result.message));
          return;
        }
        var fieldErrors = result.errors || {};
        var shown = false;
        Object.keys(fieldErrors).forEach(function (name) {
          if (errors[name]) { errors[name].textContent = fieldErrors[name].join(' '); inputs[name].setAttribute('aria-invalid', 'true'); shown = true; }
        });
        if (!shown || fieldErrors.token) status.textContent = result.access_status.message;
      }).catch(function () { status.textContent = labels.failed; })
        .then(function () { busy = false; button.disabled = false; });
    });
    target.textContent = '';
    target.appendChild(form);
  }
})();
`;
