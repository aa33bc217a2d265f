// Package reader owns golem's Lisp reader (CLHS chapter 2) and the
// input-side character stream functions.
//
// It provides:
//   - Readtable, the Lisp READTABLE object: per-character syntax types, reader
//     macro functions (Go functions for the standard macros, Lisp function
//     designators installed by programs), dispatch tables and readtable case;
//   - the standard reader macros ( ) ' ; " ` , and the # dispatching macro
//     with all standard sub-characters, including #= / ## labelled structure,
//     #+ / #- feature expressions and #. read-time evaluation;
//   - token interpretation: potential numbers in *read-base*, floats in
//     *read-default-float-format*, symbols with package prefixes and
//     readtable case;
//   - the backquote expander installed as the macro function of
//     GOLEM:QUASIQUOTE (ExpandQuasiquote);
//   - the Lisp builtins READ, READ-FROM-STRING, READ-DELIMITED-LIST, the
//     readtable functions, READ-CHAR, PEEK-CHAR, UNREAD-CHAR, READ-LINE,
//     READ-CHAR-NO-HANG, LISTEN and CLEAR-INPUT;
//   - a small Go API for the rest of golem: Read, ReadPreservingWhitespace,
//     ReadFromString, ReadAll, StandardReadtable and CurrentReadtable.
//
// Reader state that must survive recursive reads (the #n= label table, the
// backquote nesting depth) lives in per-image uninterned special variables,
// so non-local exits restore it like any dynamic binding.
package reader
