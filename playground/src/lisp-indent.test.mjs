// Unit test of the editor's Lisp indentation: node --test src/
import { test } from "node:test";
import assert from "node:assert/strict";
import { lispIndentation } from "./lisp-indent.js";

test("lispIndentation", () => {
  const cases = [
    ["", 0],
    ["(+ 1 2)\n", 0],
    ["(defun square (x)", 2],
    ["(let ((a 1))", 2],
    ["(let ((a 1)", 6],
    ["(with-open-file (s p)", 2],
    ["(when (> x 1)\n  (print x)", 2],
    ["(if (< n 2)", 4],
    ["(list 1", 6],
    ["(foo\n", 1],
    ["((lambda (x) x)", 1],
    ["'(apple", 2],
    ["(format t \"(((\"", 8],
    ["(format t \"a\n", null],
    ["(a ; (((\n", 1],
    ["(a #| ((( |#", 1],
    ["(char= c #\\(", 7],
    ["(defun f ()\n  (let ((x 1))\n    (loop for i below x", 10],
    ["(cond ((= a 1)", 7],
    ["(cond ((= a 1)\n       :one)\n", 2],
  ];
  for (const [text, want] of cases) {
    assert.equal(lispIndentation(text), want, JSON.stringify(text));
  }
});
