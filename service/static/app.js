// addrx page: paste orders, POST /extract, show the six fields with their checks and each record's review. No libraries,
// no external URLs: everything comes from this service.
"use strict";

const FIELDS = ["province", "city", "district", "specific_location", "name", "phone"];
const $ = (id) => document.getElementById(id);
let lastResponse = null;
let lastTexts = [];  // what was sent, shown beside each result
let csvTable = null;  // an uploaded CSV: {header, rows}

function apiHeaders() {
  const headers = { "content-type": "application/json" };
  const key = localStorage.getItem("addrx-key") || "";
  if (key) headers["authorization"] = "Bearer " + key;
  return headers;
}

function showMessage(text, kind) {
  const box = $("message");
  box.textContent = text;
  box.className = "message" + (kind === "info" ? " info" : "");
  box.hidden = !text;
}

function needKey() {
  $("key-label").hidden = false;
  showMessage("需要 API key（401）: enter the service's API key above, then extract again.");
}

async function checkReady() {
  const pill = $("backend");
  try {
    const reply = await fetch("/ready", { headers: apiHeaders() });
    if (reply.status === 401) { pill.dataset.state = "error"; pill.textContent = "需要 API key · key required"; needKey(); return; }
    const body = await reply.json();
    const who = body.backend + (body.model ? " · " + body.model : "");
    if (reply.ok) { pill.dataset.state = "ready"; pill.textContent = "就绪 ready · " + who; return; }
    pill.dataset.state = body.error ? "error" : "warming";
    pill.textContent = body.error ? "启动失败 failed · " + body.error : "预热中 warming up · " + who;
    if (!body.error) setTimeout(checkReady, 2000);
  } catch (err) {
    pill.dataset.state = "error"; pill.textContent = "无法连接 unreachable";
  }
}

function explain(status, body, retryAfter) {
  const detail = body && body.error ? body.error.code + ": " + body.error.message : "HTTP " + status;
  if (status === 401) { needKey(); return null; }
  if (status === 413) return "超出限制 over a limit (413) — " + detail;
  if (status === 429) return "服务繁忙 too busy (429): retry in " + (retryAfter || "a few") + " s — " + detail;
  if (status === 503) return "预热中 the backend is warming up (503): try again shortly — " + detail;
  if (status === 504) return "超时 deadline passed (504) — " + detail;
  return "请求失败 request failed (" + status + ") — " + detail;
}

function cell(text, check) {
  const td = document.createElement("td");
  td.textContent = text === null || text === undefined ? "—" : text;
  if (check) { td.dataset.check = check; td.title = "check: " + check; }
  return td;
}

function reviewCell(review) {
  const td = cell(null);
  if (!review) return td;
  td.dataset.review = review.needed ? "needed" : "clear";
  td.textContent = review.needed ? "复核 check: " + review.reasons.join(", ") : "无需复核 none";
  return td;
}

function render(body, texts) {
  const tbody = $("results").querySelector("tbody");
  tbody.replaceChildren();
  body.results.forEach((r, i) => {
    const tr = document.createElement("tr");
    tr.append(cell(r.id));
    const input = cell(texts[i]);
    input.className = "input-text";
    tr.append(input);
    const status = cell(r.status);
    const needsReview = Boolean(r.review && r.review.needed);
    // An ok that still needs a person (no division read, a note in the location…) is not shown green.
    status.className = "status-" + r.status + (needsReview && r.status === "ok" ? " needs-review" : "");
    if (r.error) {
      const why = document.createElement("div");
      why.className = "error-text";
      why.textContent = r.error.code + ": " + r.error.message;
      status.append(why);
    }
    tr.append(status);
    tr.append(reviewCell(r.review));
    for (const f of FIELDS) tr.append(cell(r[f], (r.checks || {})[f]));
    tr.append(cell(r.adcode));
    const town = cell(r.town, (r.checks || {}).town);
    if (r.town_code) town.title = "code " + r.town_code + " · check: " + r.checks.town;
    tr.append(town);
    const phones = cell("");
    phones.textContent = "";
    for (const p of r.phones || []) {  // compact: the number and its validity; kind and normalized form on hover
      const span = document.createElement("div");
      span.className = "phone" + (p.valid ? "" : " invalid");
      span.textContent = p.raw + (p.valid ? " ✓" : " ✗");
      span.title = p.kind + " · " + p.normalized;
      span.dataset.kind = p.kind;
      phones.append(span);
    }
    tr.append(phones);
    const contacts = cell("");  // 寄 sender / 收 recipient, shown when a role is labelled
    contacts.textContent = (r.contacts || []).filter((c) => c.role).map((c) =>
      (c.role === "sender" ? "寄 " : "收 ") + [c.name, c.phone].filter(Boolean).join(" ")).join("\n");
    if (r.sender_address) contacts.title = "sender address: " + [r.sender_address.province, r.sender_address.city,
      r.sender_address.district, r.sender_address.specific_location].filter(Boolean).join(" ");
    contacts.className = "contacts";
    tr.append(contacts);
    tbody.append(tr);
  });
  const t = body.timing_ms || {};
  $("timing").textContent = `request ${body.request_id} · backend ${body.backend} · ${body.results.length} 条 records · ` +
    `total ${t.total} ms (engine ${t.engine} ms)`;
  $("raw").textContent = JSON.stringify(body, null, 2);
  $("output").hidden = false;
}

async function extract() {
  const texts = $("orders").value.split("\n").map((s) => s.trim()).filter((s) => s);
  if (!texts.length) { showMessage("请输入至少一个订单 · enter at least one order", "info"); return; }
  showMessage("提取中 extracting " + texts.length + "…", "info");
  $("extract").disabled = true;
  try {
    const reply = await fetch("/extract", { method: "POST", headers: apiHeaders(), body: JSON.stringify({ texts }) });
    let body = null;
    try { body = await reply.json(); } catch (err) { body = null; }
    if (!reply.ok) {
      clearResults();  // a failed request leaves no earlier table under its message
      const text = explain(reply.status, body, reply.headers.get("retry-after"));
      if (text) showMessage(text);
      return;
    }
    lastResponse = body;
    lastTexts = texts;
    showMessage("");
    render(body, texts);
  } catch (err) {
    clearResults();
    showMessage("网络错误 network error: " + err);
  } finally {
    $("extract").disabled = false;
  }
}

function clearResults() {
  lastResponse = null;
  $("results").querySelector("tbody").replaceChildren();
  $("output").hidden = true;
}

function tsv(body, texts) {
  const head = ["id", "text", "status", "review", ...FIELDS, "adcode", "town", "town_code"];
  const value = (r, h, i) => (h === "text" ? (texts[i] || "").replace(/[\t\n]/g, " ")
    : h === "review" ? (r.review && r.review.needed ? r.review.reasons.join(";") : "")
    : r[h] === null || r[h] === undefined ? "" : String(r[h]));
  const rows = body.results.map((r, i) => head.map((h) => value(r, h, i)).join("\t"));
  return [head.join("\t"), ...rows].join("\n");
}

async function copy(text, what) {
  try { await navigator.clipboard.writeText(text); showMessage("已复制 copied " + what, "info"); }
  catch (err) { showMessage("复制失败 copy failed: " + err); }
}

$("extract").addEventListener("click", extract);
$("orders").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) extract(); });
for (const b of document.querySelectorAll(".example")) {
  b.addEventListener("click", () => { $("orders").value = b.dataset.text; extract(); });
}
// RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks.
function parseCsv(text) {
  const rows = [[]];
  let field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { rows[rows.length - 1].push(field); field = ""; }
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      rows[rows.length - 1].push(field); field = ""; rows.push([]);
    } else field += c;
  }
  rows[rows.length - 1].push(field);
  return rows.filter((r) => r.some((v) => v.trim()));
}

function fillFromCsv() {
  const column = Number($("csv-column").value);
  $("orders").value = csvTable.rows.map((r) => (r[column] || "").replace(/\s+/g, " ").trim()).filter((v) => v).join("\n");
}

$("file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  if (file.size > 1 << 20) { showMessage("文件太大 file over 1 MB: use python -m service.bulk for big files"); return; }
  const text = (await file.text()).replace(/^\ufeff/, "");
  if (!/\.csv$/i.test(file.name)) { csvTable = null; $("csv-label").hidden = true; $("orders").value = text; return; }
  const [header, ...rows] = parseCsv(text);
  csvTable = { header, rows };
  const select = $("csv-column");
  select.replaceChildren(...header.map((name, i) => new Option(name || "column " + (i + 1), String(i))));
  // The column named like a text or an address, else the one with the longest values.
  const named = header.findIndex((h) => /^(text|address|addr|地址|收货地址|详细地址|内容)$/i.test(h.trim()));
  const longest = header.map((_, i) => rows.reduce((n, r) => n + (r[i] || "").length, 0));
  select.value = String(named >= 0 ? named : longest.indexOf(Math.max(...longest)));
  $("csv-label").hidden = false;
  fillFromCsv();
  showMessage(rows.length + " 行 CSV rows; 列 column: " + header[Number(select.value)], "info");
});
$("csv-column").addEventListener("change", fillFromCsv);
$("key").addEventListener("change", (e) => { localStorage.setItem("addrx-key", e.target.value.trim()); checkReady(); });
$("copy-json").addEventListener("click", () => lastResponse && copy(JSON.stringify(lastResponse, null, 2), "JSON"));
$("copy-tsv").addEventListener("click", () => lastResponse && copy(tsv(lastResponse, lastTexts), "TSV"));
checkReady();
