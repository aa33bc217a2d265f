// Lisp indentation for the editor, in the style of Emacs's lisp-mode: the
// body of a defining or binding form (DEFUN, LET, WHEN, WITH-…, DO…, …) is
// indented two columns past its open paren; the other arguments of a call
// line up with its first argument when that is on the operator's line, and
// otherwise sit one column past the paren.

// Operators whose arguments after the first few are a body.
const BODY = /^(def|with-|do|prog|let|flet|labels|macrolet|symbol-macrolet|lambda|when|unless|block|catch|case|ecase|ccase|typecase|etypecase|ctypecase|handler-|restart-|unwind-protect|multiple-value-bind|destructuring-bind|eval-when|print-unreadable-object|ignore-errors|tagbody|locally|progv|cond$|return-from)/i;

// How much text before the cursor the scanner reads: indentation past a
// form this long is left to the user.
const MAX_SCAN = 100000;

// lispIndentation returns the column for a new line at pos in text (the
// whole document before pos), or null inside a string or block comment.
export function lispIndentation(text) {
  let start = 0;
  if (text.length > MAX_SCAN) {
    // Start at a line that begins with "(", where a top-level form starts.
    const i = text.indexOf("\n(", text.length - MAX_SCAN);
    if (i < 0) return null;
    start = i + 1;
  }
  const stack = []; // {col, line, head, argCol}
  let line = 0, lineStart = start;
  let inString = false, inBlock = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") { line++; lineStart = i + 1; continue; }
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (inBlock) {
      if (c === "|" && text[i + 1] === "#") { inBlock--; i++; } else if (c === "#" && text[i + 1] === "|") { inBlock++; i++; }
      continue;
    }
    if (c === ";") {
      const nl = text.indexOf("\n", i);
      if (nl < 0) break;
      i = nl - 1;
      continue;
    }
    if (c === '"') { inString = true; noteToken(stack, i - lineStart, line, null); continue; }
    if (c === "#" && text[i + 1] === "|") { inBlock = 1; i++; continue; }
    if (c === " " || c === "\t" || c === "\r") continue;
    if (c === "(") {
      noteToken(stack, i - lineStart, line, null);
      stack.push({ col: i - lineStart, line, head: undefined, argCol: null });
      continue;
    }
    if (c === ")") { stack.pop(); continue; }
    if (c === "'" || c === "`" || c === "," || c === "@") continue;
    // A symbol, number or other atom (#\x, #:foo, |sym| included).
    const from = i;
    while (i < text.length) {
      const d = text[i];
      if (d === "#" && text[i + 1] === "\\" && i === from) { i += 3; continue; } // #\x
      if (d === "\\") { i += 2; continue; }
      if (d === "|") { const j = text.indexOf("|", i + 1); i = j < 0 ? text.length : j + 1; continue; }
      if (/[\s()";']/.test(d)) break;
      i++;
    }
    noteToken(stack, from - lineStart, line, text.slice(from, i));
    i--;
  }
  if (inString || inBlock) return null;
  const top = stack[stack.length - 1];
  if (!top) return 0;
  if (typeof top.head === "string" && BODY.test(top.head)) return top.col + 2;
  if (top.argCol !== null) return top.argCol;
  return top.col + 1;
}

// noteToken records an element of the innermost list: its first element
// (the head, a name when it is a symbol) and the column of its second when
// that is on the head's line.
function noteToken(stack, col, line, name) {
  const top = stack[stack.length - 1];
  if (!top) return;
  if (top.head === undefined) {
    top.head = name;
    top.headLine = line;
  } else if (top.argCol === null && !top.argSeen) {
    top.argSeen = true;
    if (line === top.headLine && typeof top.head === "string") top.argCol = col;
  }
}
