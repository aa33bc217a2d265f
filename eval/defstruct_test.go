package eval_test

import (
	"context"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestDefstruct checks DEFSTRUCT end to end; the expected responses were
// produced by SBCL (values printed with PRIN1).
func TestDefstruct(t *testing.T) {
	const point = "(defstruct point (x 0) (y 0))\n"
	cases := []struct{ name, code, want string }{
		{"print default constructor", point + `(make-point :x 1 :y 2)`, `=> #S(POINT :X 1 :Y 2)`},
		{"initforms", point + `(make-point :y 5)`, `=> #S(POINT :X 0 :Y 5)`},
		{"accessor", point + `(point-y (make-point :x 1 :y 2))`, `=> 2`},
		{"setf accessor", point + `(let ((p (make-point))) (setf (point-x p) 7) (list (point-x p) p))`, `=> (7 #S(POINT :X 7 :Y 0))`},
		{"incf accessor", point + `(let ((p (make-point :x 1))) (incf (point-x p) 10) (point-x p))`, `=> 11`},
		{"accessor type error", point + `(defvar *v* 5) (handler-case (point-x *v*) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> (5 POINT)`},
		{"setf accessor type error", point + `(defvar *v* 'a) (handler-case (setf (point-y *v*) 1) (type-error (e) (type-error-datum e)))`, `=> A`},
		{"predicate", point + `(list (point-p (make-point)) (point-p 3) (point-p nil))`, `=> (T NIL NIL)`},
		{"copier is shallow and fresh", point + `(let* ((a (make-point :x (list 1))) (b (copy-point a))) (list (eq a b) (eq (point-x a) (point-x b)) b))`, `=> (NIL T #S(POINT :X (1) :Y 0))`},
		{"copy-structure", point + `(copy-structure (make-point :x 3))`, `=> #S(POINT :X 3 :Y 0)`},
		{"equalp slotwise", point + `(list (equalp (make-point :x 1) (make-point :x 1)) (equal (make-point) (make-point)) (equalp (make-point :x 1) (make-point :x 2)))`, `=> (T NIL NIL)`},
		{"defstruct returns name", `(defstruct zz a)`, `=> ZZ`},
		{"include typep via predicate", point + `(defstruct (p3 (:include point)) (z 0)) (let ((p (make-p3 :x 1 :z 3))) (list p (point-p p) (point-x p) (p3-x p) (p3-p (make-point))))`, `=> (#S(P3 :X 1 :Y 0 :Z 3) T 1 1 NIL)`},
		{"include slot override", point + `(defstruct (p4 (:include point (y 10))) z) (make-p4)`, `=> #S(P4 :X 0 :Y 10 :Z NIL)`},
		{"include same conc-name keeps parent accessor", `(defstruct pa (a 1)) (defstruct (ch (:include pa (a 10)) (:conc-name pa-)) c) (list (pa-a (make-ch)) (pa-c (make-ch)) (fboundp 'ch-a) (pa-a (make-pa)))`, `=> (10 NIL NIL 1)`},
		{"conc-name nil", `(defstruct (nc (:conc-name nil)) foo bar) (foo (make-nc :foo 3))`, `=> 3`},
		{"conc-name empty option", `(defstruct (nc2 (:conc-name)) baz) (baz (make-nc2 :baz 4))`, `=> 4`},
		{"conc-name string", `(defstruct (cs (:conc-name "C-")) val) (c-val (make-cs :val 2))`, `=> 2`},
		{"named constructor, copier, predicate", `(defstruct (s (:constructor new-s) (:predicate is-s) (:copier dup-s)) a) (list (fboundp 'make-s) (is-s (new-s)) (dup-s (new-s :a 1)))`, `=> (NIL T #S(S :A 1))`},
		{"no constructor, copier, predicate", `(defstruct (q (:constructor nil) (:copier nil) (:predicate nil)) a) (list (fboundp 'make-q) (fboundp 'copy-q) (fboundp 'q-p) (functionp (fdefinition 'q-a)))`, `=> (NIL NIL NIL T)`},
		{"several constructors", `(defstruct (r (:constructor mk-r) (:constructor mk-r2 (a b))) a b) (list (mk-r :a 1) (mk-r2 3 4))`, `=> (#S(R :A 1 :B NIL) #S(R :A 3 :B 4))`},
		{"BOA optional rest aux", `(defstruct (b (:constructor mk-b (a &optional (b 5) &rest c &aux (d (length c))))) a b c d (e 9)) (list (mk-b 1) (mk-b 1 2 3 4))`, `=> (#S(B :A 1 :B 5 :C NIL :D 0 :E 9) #S(B :A 1 :B 2 :C (3 4) :D 2 :E 9))`},
		{"BOA optional defaults to slot initform", `(defstruct (bo (:constructor mkbo (&optional a (b 'given b-p) &aux (c (list b-p))))) (a 4) b c) (list (mkbo) (mkbo 1 2))`, `=> (#S(BO :A 4 :B GIVEN :C (NIL)) #S(BO :A 1 :B 2 :C (T)))`},
		{"BOA key", `(defstruct (k (:constructor mk-k (&key a (b 7) ((:bee c) 8)))) a b c (d 4)) (list (mk-k :a 1 :bee 2) (mk-k))`, `=> (#S(K :A 1 :B 7 :C 2 :D 4) #S(K :A NIL :B 7 :C 8 :D 4))`},
		{"BOA key default from initform", `(defstruct (bb (:constructor mkbb (a &key (b 3) c))) a b (c 99) d) (list (mkbb 1 :c 2) (mkbb 1))`, `=> (#S(BB :A 1 :B 3 :C 2 :D NIL) #S(BB :A 1 :B 3 :C 99 :D NIL))`},
		{"BOA aux leaves slot uninitialized", `(defstruct (c (:constructor mk-c (a &aux b))) a (b 5 :type fixnum)) (handler-case (c-b (mk-c 1)) (error () :uninitialized))`, `=> :UNINITIALIZED`},
		{"read-only slot has no setf function", `(defstruct p3 (x 0) (y 0 :read-only t)) (list (functionp (fdefinition '(setf p3-x))) (fboundp '(setf p3-y)) (p3-y (make-p3 :y 4)))`, `=> (T NIL 4)`},
		{"typed slot checked by constructor", `(defstruct ts (x 0 :type fixnum)) (defvar *s* "a") (handler-case (make-ts :x *s*) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> ("a" FIXNUM)`},
		{"typed slot checked by setf", `(defstruct ts (x 0 :type fixnum)) (defvar *s* "a") (handler-case (setf (ts-x (make-ts)) *s*) (type-error (e) (type-error-expected-type e)))`, `=> FIXNUM`},
		{"initforms do not see other slots", `(defstruct p2 (x 1) (y x)) (handler-case (make-p2) (unbound-variable () :unbound))`, "[warnings]\nWARNING: undefined variable: COMMON-LISP-USER::X\n\n=> :UNBOUND"},
		{"initform in lexical environment", `(let ((n 0)) (defstruct counter (id (incf n)))) (list (counter-id (make-counter)) (counter-id (make-counter)))`, `=> (1 2)`},
		{"type list", `(defstruct (l (:type list)) a b) (list (make-l :a 1) (l-b (make-l :b 2)) (fboundp 'l-p))`, `=> ((1 NIL) 2 NIL)`},
		{"type list named initial-offset", `(defstruct (l (:type list) :named (:initial-offset 2)) a b) (list (make-l :a 1 :b 2) (l-p (make-l)) (l-p '(1 2)))`, `=> ((NIL NIL L 1 2) T NIL)`},
		{"type list setf", `(defstruct (l (:type list)) a b) (let ((x (make-l :a 1))) (setf (l-b x) 9) x)`, `=> (1 9)`},
		{"type list include", `(defstruct (t1 (:type list) :named) a) (defstruct (t2 (:type list) (:include t1) :named) b) (list (make-t2 :a 1 :b 2) (t1-p (make-t2)) (t2-p (make-t1)) (t1-a (make-t2 :a 5)))`, `=> ((T1 1 T2 2) T NIL 5)`},
		{"type vector", `(defstruct (v (:type vector)) a b) (let ((x (make-v :a 1))) (setf (v-b x) 2) (list x (v-a x)))`, `=> (#(1 2) 1)`},
		{"type vector include initial-offset named", `(defstruct (t3 (:type vector) (:initial-offset 1)) a) (defstruct (t4 (:type vector) (:include t3) (:initial-offset 2) :named) b) (list (make-t4 :a 1 :b 2) (t4-p (make-t4)))`, `=> (#(0 1 0 0 T4 2) T)`},
		{"sharp S reads a structure", point + `(values (read-from-string "#S(point :y 5)"))`, `=> #S(POINT :X 0 :Y 5)`},
		{"sharp S slot names by name", point + `(point-x (read-from-string "#S(point x 1 \"Y\" 2)"))`, `=> 1`},
		{"sharp S undefined structure", `(handler-case (read-from-string "#S(nosuch :a 1)") (reader-error () :reader-error))`, `=> :READER-ERROR`},
		{"unknown keyword", point + `(handler-case (make-point :z 1) (program-error () :program-error))`, `=> :PROGRAM-ERROR`},
		{"duplicate slot", `(handler-case (macroexpand '(defstruct foo a a)) (error () :error))`, `=> :ERROR`},
		{"documentation string and redefinition", point + `(defstruct point "A point." (x 0) (y 0)) (make-point :x 2)`, `=> #S(POINT :X 2 :Y 0)`},
		{"print-function stored", `(defstruct (pp (:print-function (lambda (o s d) (declare (ignore d)) (format s "<PP ~a>" (pp-a o))))) a) (pp-a (make-pp :a 1))`, `=> 1`},
		{"slot named by a CL symbol", `(defstruct node (list nil) (count 0)) (let ((n (make-node :list '(1 2)))) (incf (node-count n)) (list (node-list n) (node-count n)))`, `=> ((1 2) 1)`},
		{"BOA key and optional defaults", `(defstruct (foo (:constructor make-foo (&key (a 1) b))) a (b 2) c) (defstruct (opt (:constructor mko (&optional (a)))) (a 5)) (list (make-foo) (mko))`, `=> (#S(FOO :A 1 :B 2 :C NIL) #S(OPT :A 5))`},
		{"BOA aux computed from arguments", `(defstruct (cc (:constructor mk (a &aux (b (* a 2))))) a b) (mk 3)`, `=> #S(CC :A 3 :B 6)`},
		{"include defined in the same form", `(progn (defstruct aa x) (defstruct (bb (:include aa)) y) (list (make-bb :x 1 :y 2) (aa-x (make-bb :x 5))))`, `=> (#S(BB :X 1 :Y 2) 5)`},
		{"typep with include", point + `(defstruct (p3 (:include point)) z) (list (typep (make-p3) 'point) (typep (make-point) 'p3) (typep (make-p3) 'structure-object) (typep 3 'point))`, `=> (T NIL T NIL)`},
		{"type-of and class-of", point + `(list (type-of (make-point)) (class-name (class-of (make-point))) (eq (find-class 'point) (class-of (make-point))))`, `=> (POINT POINT T)`},
		{"subtypep", point + `(defstruct (p3 (:include point)) z) (list (subtypep 'p3 'point) (subtypep 'point 'p3) (subtypep 'point 'structure-object))`, `=> (T NIL T)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			text, isErr := in.EvalResponse(ctx, c.code)
			assert.False(t, isErr, text)
			assert.Equal(t, c.want, text)
		})
	}
}
