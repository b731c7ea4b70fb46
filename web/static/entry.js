// entry: what a paired tablet (or any on a simulated table) enters: a
// winner's value as han and fu or a limit, its hand in the hand picker
// (handpick.js), a player's name; and the pairing that allows it.
import { el, $ } from "./js/dom.js";
import { p, seatLabel, entryAuth, mayEnter } from "./page.js";
import { handPicker, showHandPicker } from "./handpick.js";

// showPairing shows the pairing form to a tablet that has not paired,
// with msg (a refusal) when given.
export function showPairing(msg) {
  $("pairbox").hidden = !p.pairing || entryAuth() !== "";
  if (msg) { $("pairmsg").textContent = msg; $("pairmsg").className = "bad"; }
}

// pairTablet trades the typed code for the table's pairing token.
async function pairTablet(code) {
  const r = await fetch("/api/pair?lang=" + p.w.lang, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  const j = await r.json();
  if (!r.ok) return showPairing(j.error);
  localStorage.setItem("pair", j.token);
  $("paircode").value = "";
  showPairing();
  p.render();
}
$("pairbox").addEventListener("submit", (ev) => { ev.preventDefault(); pairTablet($("paircode").value); });

// entry posts a value or a name; it answers "" or the server's reason. A
// pairing token the table no longer knows (a new code) is dropped, and
// the tablet asked for the new code.
export async function entry(body) {
  const headers = { "Content-Type": "application/json" };
  const auth = entryAuth();
  if (auth) headers.Authorization = auth;
  const r = await fetch("/api/seat?lang=" + p.w.lang, { method: "POST", headers, body: JSON.stringify(body) });
  if (r.ok) return "";
  const j = await r.json().catch(() => ({ error: r.statusText }));
  if (r.status === 401 && auth.startsWith("Pair ")) {
    localStorage.removeItem("pair");
    showPairing(p.w.t("status.pair.new"));
    p.render();
  }
  return j.error || r.statusText;
}

// labelled is a label of words around a control, as the message key
// places it ("han {control}", "{control} han").
function labelled(cls, key, control) {
  const l = el("label", cls);
  const [before, after] = p.w.t(key, { control: "\u0000" }).split("\u0000");
  l.append(before || "", control, after || "");
  return l;
}

// valuePicker is a seat's value entry: han and fu (fu only below 5 han,
// where it counts), or a limit; for a yakuman how many and who is liable.
// Built once per seat and shown while the seat's value is due. The fu
// and the limits are the ones the server says a value may name.
export function valuePicker(seat) {
  const w = p.w;
  const box = el("form", "valuepick");
  box.hidden = true;
  box.dataset.seat = seat;
  const han = el("select", "han"), fu = el("select", "fu");
  han.setAttribute("aria-label", w.t("status.value.han_label"));
  fu.setAttribute("aria-label", w.t("status.value.fu_label"));
  for (let h = 1; h <= 13; h++) han.append(new Option(w.num(h), String(h)));
  for (const f of p.game.fu) fu.append(new Option(w.num(f), String(f)));
  fu.value = "30";
  const fuLabel = labelled("fulabel", "status.value.fu", fu);
  han.addEventListener("change", () => { fuLabel.hidden = Number(han.value) >= 5; });
  const go = el("button", "", w.t("status.value.enter"));
  go.dataset.value = seat;
  const row1 = el("div", "row");
  row1.append(labelled("", "status.value.han", han), fuLabel, go);
  const row2 = el("div", "row limits");
  for (const l of p.game.limits) {
    const b = el("button", "", w.t("limit." + l));
    b.type = "button";
    b.dataset.limit = l;
    b.dataset.seat = seat;
    row2.append(b);
  }
  const times = el("select", "times-y");
  times.setAttribute("aria-label", w.t("status.value.how_many"));
  const pao = el("select", "pao");
  pao.setAttribute("aria-label", w.t("status.value.liable"));
  const yrow = el("div", "row yakuman");
  yrow.append(labelled("", "status.value.times", times), labelled("", "status.value.pao", pao));
  // The hand's tiles first (the table works the value out); the value
  // as han and fu stays for a hand the picker cannot express or a ruling.
  box.append(el("b", "what", ""), handPicker(seat), el("div", "or", w.t("status.value.or")), row1, row2, yrow, el("div", "msg", ""));
  box.addEventListener("submit", (ev) => { ev.preventDefault(); sendValue(seat, { value: Number(han.value) < 5 ? `${han.value} ${fu.value}` : han.value }); });
  return box;
}

// sendValue enters a seat's value and shows the answer in its picker.
export async function sendValue(seat, v) {
  const box = document.querySelector(`.valuepick[data-seat="${seat}"]`);
  const msg = box.querySelector(".msg");
  msg.textContent = p.w.t("status.sending");
  msg.className = "msg";
  const err = await entry({ action: "value", seat, ...v });
  msg.textContent = err;
  msg.className = err ? "msg bad" : "msg";
}

// nameEditor sets the player's name at a seat.
export function nameEditor(seat) {
  const w = p.w;
  const d = el("details", "nameedit");
  d.hidden = true;
  d.append(el("summary", "", w.t("status.name.summary")));
  const f = el("form", "");
  d.append(f);
  const input = el("input", "");
  input.maxLength = 40;
  input.placeholder = w.t("status.name.placeholder");
  input.setAttribute("aria-label", w.t("status.name.placeholder"));
  const b = el("button", "", w.t("status.name.set"));
  f.append(input, b, el("span", "msg", ""));
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = await entry({ action: "name", seat, name: input.value });
    f.querySelector(".msg").textContent = err;
    f.querySelector(".msg").className = err ? "msg bad" : "msg";
    if (!err) { input.value = ""; d.open = false; }
  });
  return d;
}

// showEntry shows a seat's value entry while its value is due (its hand
// picker, and the value as han and fu), with the engine's reason for a
// value or hand it refused, and the name editor, to a tablet that may
// enter them.
export function showEntry(box, s) {
  const st = p.st, w = p.w;
  const may = mayEnter();
  const pick = document.querySelector(`.valuepick[data-seat="${s.seat}"]`);
  pick.hidden = !(may && st.scoring && s.value_due);
  if (!pick.hidden) {
    pick.querySelector(".what").textContent = w.t("status.value.what", { who: seatLabel(s) });
    const times = pick.querySelector(".times-y");
    times.parentElement.hidden = (st.max_yakuman || 1) <= 1; // one yakuman at most: nothing to choose
    if (times.options.length !== (st.max_yakuman || 1)) {
      times.replaceChildren();
      for (let n = 1; n <= (st.max_yakuman || 1); n++) times.append(new Option(w.num(n), String(n)));
    }
    const pao = pick.querySelector(".pao");
    if (!pao.options.length) {
      pao.append(new Option(w.t("status.value.pao_none"), ""));
      for (const o of st.seats) if (o.seat !== s.seat) pao.append(new Option("", String(o.seat)));
    }
    for (const o of pao.options) if (o.value !== "") o.textContent = seatLabel(st.seats[Number(o.value)]);
    showHandPicker(pick, s);
    const refused = [...p.outcomes].reverse().find((e) => e.outcome && e.outcome.type === "rejected" && ["value", "hand"].includes(e.outcome.call) && e.outcome.seat === s.wind);
    if (refused) {
      const msg = pick.querySelector(refused.outcome.call === "hand" ? ".handmsg" : ".msg");
      if (msg.textContent !== w.t("status.sending")) { msg.textContent = w.t("status.refused", { reason: refused.outcome.reason }); msg.classList.add("bad"); }
    }
  }
  box.querySelector(".nameedit").hidden = !may;
}

// limitValue is the value a limit's button enters: a yakuman with how
// many and who is liable.
export function limitValue(b) {
  const pick = b.closest(".valuepick");
  const v = { value: b.dataset.limit };
  if (b.dataset.limit === "yakuman") {
    const n = Number(pick.querySelector(".times-y").value || 1), pao = pick.querySelector(".pao").value;
    if (n > 1) v.value += " " + n;
    if (pao !== "") v.pao = Number(pao);
  }
  return v;
}
