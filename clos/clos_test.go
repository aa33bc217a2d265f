package clos_test

import (
	"context"
	"strings"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eval runs code in a fresh interpreter and returns the response text.
func eval(t *testing.T, code string) (string, bool) {
	t.Helper()
	in := golem.New(golem.Options{})
	return in.EvalResponse(context.Background(), code)
}

// Expectations checked against SBCL 2.2.9 (error lines: type only).
func TestEndToEnd(t *testing.T) {
	cases := []struct {
		name, code, want string
	}{
		{"defclass-accessor", `(defclass a () ((x :initarg :x :accessor a-x))) (a-x (make-instance 'a :x 3))`, "=> 3"},
		{"initform", `(defclass a () ((x :initform (list 1 2) :reader a-x))) (a-x (make-instance 'a))`, "=> (1 2)"},
		{"setf-accessor", `(defclass a () ((x :initform 0 :accessor a-x))) (let ((o (make-instance 'a))) (incf (a-x o) 5) (a-x o))`, "=> 5"},
		{"class-slot", `(defclass a () ((n :allocation :class :initform 0 :accessor n))) (let ((p (make-instance 'a)) (q (make-instance 'a))) (setf (n p) 7) (n q))`, "=> 7"},
		{"inheritance", `(defclass a () ((x :initform 1 :reader x))) (defclass b (a) ((y :initform 2 :reader y))) (let ((o (make-instance 'b))) (list (x o) (y o)))`, "=> (1 2)"},
		{"default-initargs", `(defclass a () ((x :initarg :x :reader x)) (:default-initargs :x 9)) (x (make-instance 'a))`, "=> 9"},
		{"cpl-diamond", `(defclass top () ()) (defclass l (top) ()) (defclass r (top) ()) (defclass bot (l r) ())
			(defgeneric w (x) (:method-combination list)) (defmethod w list ((x top)) 'top) (defmethod w list ((x l)) 'l)
			(defmethod w list ((x r)) 'r) (defmethod w list ((x bot)) 'bot) (w (make-instance 'bot))`, "=> (BOT L R TOP)"},
		{"inconsistent-cpl", `(defclass x () ()) (defclass y () ()) (defclass xy (x y) ()) (defclass yx (y x) ()) (defclass z (xy yx) ()) (make-instance 'z)`, "[ERROR] SIMPLE-ERROR"},
		{"invalid-initarg", `(defclass a () ()) (make-instance 'a :nope 1)`, "[ERROR] PROGRAM-ERROR"},
		{"unbound-slot", `(defclass a () ((x))) (slot-value (make-instance 'a) 'x)`, "[ERROR] UNBOUND-SLOT"},
		{"missing-slot", `(defclass a () ()) (slot-value (make-instance 'a) 'x)`, "[ERROR] CELL-ERROR"},
		{"dispatch-builtins", `(defgeneric k (x)) (defmethod k ((x integer)) :i) (defmethod k ((x string)) :s) (defmethod k ((x null)) :n) (defmethod k ((x cons)) :c) (defmethod k (x) :t)
			(mapcar #'k (list 1 "a" nil '(1) 1.5))`, "=> (:I :S :N :C :T)"},
		{"eql-dispatch", `(defgeneric f (n)) (defmethod f ((n (eql 0))) 1) (defmethod f ((n integer)) (* n (f (1- n)))) (f 5)`, "=> 120"},
		{"call-next-method", `(defclass a () ()) (defclass b (a) ()) (defgeneric w (x)) (defmethod w ((x a)) '(a)) (defmethod w ((x b)) (cons 'b (call-next-method))) (w (make-instance 'b))`, "=> (B A)"},
		{"call-next-method-args", `(defgeneric g (x)) (defmethod g ((x number)) x) (defmethod g ((x integer)) (call-next-method (* 2 x))) (g 21)`, "=> 42"},
		{"next-method-p", `(defgeneric g (x)) (defmethod g ((x number)) (next-method-p)) (defmethod g ((x integer)) (list (next-method-p) (call-next-method))) (g 1)`, "=> (T NIL)"},
		{"before-after-around", `(defvar *l* nil) (defgeneric g (x)) (defmethod g ((x integer)) (push :p *l*) :v)
			(defmethod g :before ((x integer)) (push :b *l*)) (defmethod g :after ((x integer)) (push :a *l*))
			(defmethod g :around ((x integer)) (push :ar *l*) (call-next-method)) (list (g 1) (reverse *l*))`, "=> (:V (:AR :B :P :A))"},
		{"no-applicable", `(defgeneric g (x)) (g 1)`, "[ERROR] ERROR"},
		{"no-next", `(defgeneric g (x)) (defmethod g ((x integer)) (call-next-method)) (g 1)`, "[ERROR] ERROR"},
		{"plus-combination", `(defgeneric g (x) (:method-combination +)) (defmethod g + ((x integer)) 1) (defmethod g + ((x number)) 10) (g 1)`, "=> 11"},
		{"and-combination", `(defgeneric g (x) (:method-combination and)) (defmethod g and ((x integer)) t) (defmethod g and ((x number)) nil) (g 1)`, "=> NIL"},
		{"key-congruence", `(defgeneric g (x &key a)) (defmethod g ((x integer) &key b) b)`, "[ERROR] PROGRAM-ERROR"},
		{"key-check", `(defgeneric g (x &key)) (defmethod g ((x integer) &key a) a) (g 1 :b 2)`, "[ERROR] PROGRAM-ERROR"},
		{"redefine-method", `(defmethod g ((x integer)) 1) (defmethod g ((x integer)) 2) (g 0)`, "[warnings]\nSTYLE-WARNING: redefining G (#<BUILT-IN-CLASS COMMON-LISP:INTEGER>) in DEFMETHOD\n\n=> 2"},
		{"gf-print", `(defgeneric gg (x)) (defmethod gg ((x t)) x) #'gg`, "=> #<STANDARD-GENERIC-FUNCTION COMMON-LISP-USER::GG (1)>"},
		{"gf-is-function", `(defgeneric gg (x)) (defmethod gg ((x t)) (list x)) (list (functionp #'gg) (funcall #'gg 1) (apply 'gg '(2)))`, "=> (T (1) (2))"},
		{"find-remove-method", `(defgeneric g (x)) (defmethod g ((x integer)) :i) (defmethod g (x) :t)
			(remove-method #'g (find-method #'g nil (list (find-class 'integer)))) (g 1)`, "=> :T"},
		{"print-object", `(defclass p () ((n :initarg :n))) (defmethod print-object ((o p) s) (format s "<P ~a>" (slot-value o 'n))) (list (make-instance 'p :n 1))`, "=> (<P 1>)"},
		{"print-unreadable", `(defclass p () ()) (defmethod print-object ((o p) s) (print-unreadable-object (o s :type t) (princ "x" s))) (make-instance 'p)`, "=> #<P x>"},
		{"default-print", `(defclass p () ()) (make-instance 'p)`, "=> #<P {...}>"},
		{"print-object-condition", `(define-condition c (error) ()) (defmethod print-object ((x c) s) (princ "<C>" s)) (format nil "~s" (make-condition 'c))`, `=> "<C>"`},
		{"with-slots", `(defclass a () ((x :initform 1))) (let ((o (make-instance 'a))) (with-slots (x) o (incf x 10)) (slot-value o 'x))`, "=> 11"},
		{"with-accessors", `(defclass a () ((x :initform 1 :accessor ax))) (let ((o (make-instance 'a))) (with-accessors ((v ax)) o (setf v 4)) (ax o))`, "=> 4"},
		{"change-class", `(defclass a () ((x :initform 1))) (defclass b () ((x) (y :initform 2))) (let ((o (make-instance 'a))) (change-class o 'b) (list (slot-value o 'x) (slot-value o 'y) (type-of o)))`, "=> (1 2 B)"},
		{"redefine-class", `(defclass a () ((x :initform 1 :accessor ax))) (defvar *o* (make-instance 'a)) (defclass a () ((x :initform 1 :accessor ax) (y :initform 2 :accessor ay))) (list (ax *o*) (ay *o*))`, "=> (1 2)"},
		{"reinitialize", `(defclass a () ((x :initarg :x :initform 0 :reader ax))) (let ((o (make-instance 'a :x 1))) (reinitialize-instance o :x 2) (ax o))`, "=> 2"},
		{"initialize-after", `(defclass a () ((x :initarg :x) (y))) (defmethod initialize-instance :after ((o a) &key) (setf (slot-value o 'y) (* 2 (slot-value o 'x)))) (slot-value (make-instance 'a :x 4) 'y)`, "=> 8"},
		{"struct-specializer", `(defstruct s a) (defgeneric g (x)) (defmethod g ((x s)) (s-a x)) (g (make-s :a 5))`, "=> 5"},
		{"condition-specializer", `(define-condition c (error) ((v :initarg :v :reader v))) (defgeneric g (x)) (defmethod g ((x c)) (v x)) (g (make-condition 'c :v 3))`, "=> 3"},
		{"class-of", `(list (class-name (class-of 1)) (class-name (class-of "a")) (class-name (class-of 'a)) (class-name (class-of nil)))`, "=> (FIXNUM SIMPLE-STRING SYMBOL NULL)"},
		{"find-class-error", `(find-class 'no-such-class)`, "[ERROR] CELL-ERROR"},
		{"documentation", `(defgeneric g (x) (:documentation "doc")) (defclass a () () (:documentation "cdoc")) (defvar *v* 1 "vdoc")
			(list (documentation 'g 'function) (documentation 'a 'type) (documentation '*v* 'variable))`, `=> ("doc" "cdoc" "vdoc")`},
		{"describe-struct", `(defstruct pt x) (describe (make-pt :x 1))`, "[stdout]\n#S(PT :X 1)\n  [structure-object]\n\nSlots with :INSTANCE allocation:\n  X                              = 1"},
		{"subtypep", `(list (multiple-value-list (subtypep 'fixnum 'integer)) (multiple-value-list (subtypep '(integer 0 9) '(mod 10)))
			(multiple-value-list (subtypep 'list 'cons)) (multiple-value-list (subtypep '(satisfies evenp) 'integer)))`, "=> ((T T) (T T) (NIL T) (NIL NIL))"},
		{"subtypep-classes", `(defclass a () ()) (defclass b (a) ()) (list (multiple-value-list (subtypep 'b 'a)) (multiple-value-list (subtypep 'a 'b)))`, "=> ((T T) (NIL T))"},
		{"deftype", `(deftype small (&optional (n 10)) (list 'integer 0 n)) (list (typep 5 'small) (typep 11 'small) (typep 11 '(small 20)))`, "=> (T NIL T)"},
		{"deftype-star-default", `(deftype v (&optional n) (list 'vector 't n)) (list (typep #(1) 'v) (typep #(1) '(v 2)))`, "=> (T NIL)"},
		{"ensure-generic-function", `(ensure-generic-function 'eg :lambda-list '(x)) (defmethod eg ((x t)) (list x)) (eg 1)`, "=> (1)"},
		{"defgeneric-method-option", `(defgeneric g (x) (:method ((x integer)) :i) (:method (x) :t)) (list (g 1) (g "a"))`, "=> (:I :T)"},
		{"argument-precedence-order", `(defgeneric g (a b) (:argument-precedence-order b a)) (defmethod g ((a integer) b) 1) (defmethod g (a (b integer)) 2) (g 1 1)`, "=> 2"},
		{"setf-generic", `(defclass a () ((v :initform 0))) (defmethod (setf av) (n (o a)) (setf (slot-value o 'v) n)) (let ((o (make-instance 'a))) (setf (av o) 3) (slot-value o 'v))`, "=> 3"},
		{"compute-applicable-methods", `(defgeneric g (x)) (defmethod g ((x integer)) 1) (defmethod g ((x number)) 2) (defmethod g ((x string)) 3) (length (compute-applicable-methods #'g '(1)))`, "=> 2"},
		{"define-method-combination", `(define-method-combination mx :operator max) (defgeneric g (x) (:method-combination mx)) (defmethod g mx ((x integer)) 3) (defmethod g mx ((x number)) 8) (g 1)`, "=> 8"},
		{"typep-class-object", `(defclass a () ()) (typep (make-instance 'a) (find-class 'a))`, "=> T"},
		{"implicit-gf-setf-name", `(defmethod (setf thing) (v (o cons)) (setf (car o) v)) (let ((c (list 1))) (setf (thing c) 9) c)`, "=> (9)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, isErr := eval(t, c.code)
			if strings.HasPrefix(c.want, "[ERROR] ") {
				require.True(t, isErr, got)
				assert.Equal(t, c.want, strings.SplitN(got, "\n", 2)[0])
				return
			}
			assert.False(t, isErr, got)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestDispatchCacheInvalidation checks that adding methods and redefining
// classes are seen by calls already cached.
func TestDispatchCacheInvalidation(t *testing.T) {
	in := golem.New(golem.Options{})
	ctx := context.Background()
	steps := []struct{ code, want string }{
		{`(defclass a () ()) (defclass b (a) ()) (defgeneric g (x)) (defmethod g ((x a)) :a) (defvar *b* (make-instance 'b)) (g *b*)`, "=> :A"},
		{`(defmethod g ((x b)) :b) (g *b*)`, "=> :B"},
		{`(remove-method #'g (find-method #'g nil (list (find-class 'b)))) (g *b*)`, "=> :A"},
		{`(defclass c () ()) (defmethod g ((x c)) :c) (defclass b (c) ()) (g *b*)`, "=> :C"},
		{`(defgeneric h (x)) (defmethod h ((x integer)) :int) (h 1)`, "=> :INT"},
		{`(defmethod h ((x (eql 1))) :one) (list (h 1) (h 2))`, "=> (:ONE :INT)"},
	}
	for _, s := range steps {
		got, isErr := in.EvalResponse(ctx, s.code)
		require.False(t, isErr, got)
		assert.Equal(t, s.want, got, s.code)
	}
}
