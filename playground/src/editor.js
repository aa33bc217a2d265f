// The code editor: CodeMirror 6 with the Common Lisp mode (highlighting),
// line numbers, paren matching and Lisp indentation (lisp-indent.js). Tab
// indents; Escape then Tab moves the focus out of the editor (CodeMirror's
// tab focus mode), so keyboard users are never trapped; Ctrl+Enter
// (Cmd+Enter) runs.
import { EditorState } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars,
} from "@codemirror/view";
import {
  defaultKeymap, history, historyKeymap, indentMore, indentLess, indentSelection,
} from "@codemirror/commands";
import {
  StreamLanguage, bracketMatching, indentOnInput, syntaxHighlighting,
  defaultHighlightStyle, indentUnit, indentService,
} from "@codemirror/language";
import { commonLisp } from "@codemirror/legacy-modes/mode/commonlisp";
import { lispIndentation } from "./lisp-indent.js";

// Tab re-indents the line (or the selected lines) as Lisp; when they are
// already indented so, it indents them one more step. Shift+Tab dedents.
function tabIndent(view) {
  const before = view.state.doc;
  indentSelection(view);
  if (view.state.doc === before) indentMore(view);
  return true;
}

const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "14px", backgroundColor: "var(--panel)" },
  ".cm-scroller": { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace', lineHeight: "1.4" },
  ".cm-content": { padding: "0.5rem 0" },
  "&.cm-focused": { outline: "2px solid var(--accent)", outlineOffset: "-1px" },
  ".cm-gutters": { backgroundColor: "var(--bg)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "#c5d4ff", outline: "1px solid var(--accent)" },
  "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "#ffd6d6" },
});

// createEditor makes the editor in parent. onChange(text) follows every
// edit; onRun() is Ctrl+Enter.
export function createEditor(parent, { doc, onChange, onRun, label }) {
  const state = EditorState.create({
    doc,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      StreamLanguage.define(commonLisp),
      indentUnit.of("  "),
      indentService.of((ctx, pos) => lispIndentation(ctx.state.sliceDoc(0, pos))),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      keymap.of([
        { key: "Mod-Enter", run: () => { onRun(); return true; } },
        { key: "Tab", run: tabIndent, shift: indentLess },
        ...defaultKeymap,
        ...historyKeymap,
      ]),
      EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
      EditorView.contentAttributes.of({
        "aria-label": label,
        "aria-describedby": "editor-help",
        spellcheck: "false",
        autocapitalize: "off",
        autocorrect: "off",
      }),
      theme,
    ],
  });
  return new EditorView({ state, parent });
}

// setDoc replaces the whole text (an example, a shared link).
export function setDoc(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
