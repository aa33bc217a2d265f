package clos_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

const benchSetup = `
(defclass shape () ((hits :initform 0 :accessor shape-hits)))
(defclass circle (shape) ((r :initarg :r :accessor circle-r)))
(defclass rect (shape) ((w :initarg :w :accessor rect-w) (h :initarg :h :accessor rect-h)))
(defgeneric area (s))
(defmethod area ((c circle)) (* 3 (circle-r c) (circle-r c)))
(defmethod area ((r rect)) (* (rect-w r) (rect-h r)))
(defgeneric area-ba (s))
(defmethod area-ba ((c circle)) (* 3 (circle-r c) (circle-r c)))
(defmethod area-ba :before ((s shape)) (incf (shape-hits s)))
(defmethod area-ba :after ((c circle)) nil)
(defun plain-area (s) (* 3 (circle-r s) (circle-r s)))
(defun plain-fn (s) s)
(defgeneric gen-fn (s))
(defmethod gen-fn ((s circle)) s)
(defparameter *c* (make-instance 'circle :r 2))
(defun loop-plain (n) (let ((c *c*)) (dotimes (i n) (plain-fn c))))
(defun loop-generic (n) (let ((c *c*)) (dotimes (i n) (gen-fn c))))
(defun loop-accessor (n) (let ((c *c*)) (dotimes (i n) (circle-r c))))
(defun loop-area (n) (let ((c *c*)) (dotimes (i n) (area c))))
(defun loop-area-ba (n) (let ((c *c*)) (dotimes (i n) (area-ba c))))
(defun loop-make (n) (dotimes (i n) (make-instance 'circle :r i)))
`

// benchLoop runs the Lisp function name with b.N as its argument.
func benchLoop(b *testing.B, name string) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: -1}})
	ctx := context.Background()
	if _, err := in.Eval(ctx, benchSetup); err != nil {
		b.Fatal(err)
	}
	sym := in.Image().Intern("COMMON-LISP-USER", name)
	b.ResetTimer()
	err := in.Run(ctx, func(th *rt.Thread) { th.Call(sym, rt.MakeInt(int64(b.N))) })
	if err != nil {
		b.Fatal(err)
	}
}

// A generic function call with one applicable primary method, against an
// ordinary function call doing the same work: the difference is the cost
// of dispatch (target: a small constant).
func BenchmarkPlainCall(b *testing.B)       { benchLoop(b, "LOOP-PLAIN") }
func BenchmarkGenericCall(b *testing.B)     { benchLoop(b, "LOOP-GENERIC") }
func BenchmarkAccessor(b *testing.B)        { benchLoop(b, "LOOP-ACCESSOR") }
func BenchmarkArea(b *testing.B)            { benchLoop(b, "LOOP-AREA") }
func BenchmarkAreaBeforeAfter(b *testing.B) { benchLoop(b, "LOOP-AREA-BA") }
func BenchmarkMakeInstance(b *testing.B)    { benchLoop(b, "LOOP-MAKE") }
