import { fontFor, t } from "./i18n.js";

// The public API, called from the page: every answer is read defensively (an error, a problem or a
// network failure comes back as { ok: false }, never as an exception).

export async function call(path, { body, lang } = {}) {
  const init = { method: body === undefined ? "GET" : "POST", headers: { Accept: "application/json" } };
  if (lang) init.headers["Accept-Language"] = lang;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(path, init);
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    // Japanese names in the answer: their pieces of the shipped font loaded before the page shows them.
    if (lang === "ja" && data !== null) await fontFor(JSON.stringify(data));
    return { ok: response.ok && data !== null && typeof data === "object", status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

// The messages of a problem answer (RFC 9457 with `errors`), or its title.
export function problemText(answer) {
  const data = answer && answer.data;
  if (!data || typeof data !== "object") return "";
  const errors = Array.isArray(data.errors) ? data.errors : [];
  const lines = errors.map((e) => (e && e.message ? String(e.message) : "")).filter(Boolean);
  return lines.length ? lines.join("; ") : String(data.detail || data.title || "");
}

// A problem answer as the page's own sentences, one per field at fault: `label(field)` names the
// field in the page's language ("" when the page has no name for it). With `reasons`, each sentence says
// the service's reason too (its message, in the language the request asked for with Accept-Language).
export function problemLines(answer, label, { reasons = false } = {}) {
  const data = answer && answer.data;
  if (!answer || answer.status === 0) return [t("msg.offline")];
  const errors = data && Array.isArray(data.errors) ? data.errors : [];
  const lines = errors.map((e) => {
    const name = e && typeof e.field === "string" ? label(e.field) : "";
    const reason = reasons && e && typeof e.message === "string" ? e.message.trim().slice(0, 300) : "";
    if (reason) return name ? t("problem.field_reason", { field: name, reason }) : t("problem.unknown_reason", { reason });
    return name ? t("problem.field", { field: name }) : t("problem.unknown");
  });
  return lines.length ? [...new Set(lines)] : [t("problem.unknown")];
}
