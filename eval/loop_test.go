package eval_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

func loopEval(in *golem.Interpreter, code string) (string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return in.EvalResponse(ctx, code)
}

// TestLoop runs LOOP forms whose expected values were produced by SBCL.
// The cases share one interpreter and run in order.
func TestLoop(t *testing.T) {
	cases := []struct{ code, want string }{
		{`(let ((n 0)) (loop (incf n) (when (> n 4) (return n))))`, "=> 5"},
		{`(loop for x in '(1 2 3) collect x)`, "=> (1 2 3)"},
		{`(loop with x = 1 named foo return x)`, "=> 1"},
		{`(let ((step 0)) (handler-case (loop for i from 1 to 3 by step collect i) (type-error () :bad-step)))`, "=> :BAD-STEP"},
		{`(loop for x in '(1 2 3) sum x into s)`, "=> NIL"},
		{`(loop repeat 3)`, "=> NIL"},
		{`(progn (defvar *loop-sv* 10) (defun get-loop-sv () *loop-sv*) (loop for *loop-sv* in '(1 2) collect (get-loop-sv)))`, "=> (1 2)"},
		{`(loop for (a . b) = (cons 1 2) then (cons b a) repeat 3 collect (list a b))`, "=> ((1 2) (2 1) (1 2))"},
		{`(loop with a = 1 and b collect (list a b) while nil)`, "=> ((1 NIL))"},
		{`(loop for x in '(1 2 3) do (loop-finish) finally (return :fin))`, "=> :FIN"},
		{`(loop for i from 1 to 5 for j downfrom 100 by 10 collect (- j i))`, "=> (99 88 77 66 55)"},
		{`(loop for x in '(1 2 3) and y on '(a b c) collect (list x (length y)))`, "=> ((1 3) (2 2) (3 1))"},
		{`(loop for x = 1 then (+ x 1) for y = (* x 10) while (< x 3) collect y)`, "=> (10 20)"},
		{`(loop with (a b) of-type (fixnum fixnum) = '(3 4) return (+ a b))`, "=> 7"},
		{`(loop for x in '(1 2 3 4 5) when (oddp x) collect x and when (> x 2) collect (* 10 x))`, "=> (1 3 30 5 50)"},
		{`(loop for x in '(1 2 3) for y = (* x 10) collect y)`, "=> (10 20 30)"},
		{`(loop for i from 1 to 3 for j = (* i 2) collect (list i j))`, "=> ((1 2) (2 4) (3 6))"},
		{`(loop for x in '(1 2 3 4 5) by #'cddr collect x)`, "=> (1 3 5)"},
		{`(loop for x in '(1 2 3 4 5) by 'cddr collect x)`, "=> (1 3 5)"},
		{`(loop for x in '(1 2 3 4 5) by (lambda (l) (cdddr l)) collect x)`, "=> (1 4)"},
		{`(loop for x on '(1 2 3) collect (length x))`, "=> (3 2 1)"},
		{`(loop for x on '(1 2 3 4) by #'cddr collect (car x))`, "=> (1 3)"},
		{`(loop for (a . b) on '(1 2 3) collect (cons a (length b)))`, "=> ((1 . 2) (2 . 1) (3 . 0))"},
		{`(loop for x on '(1 2 . 3) collect (car x))`, "=> (1 2)"},
		{`(loop for x = 1 then (* x 2) repeat 5 collect x)`, "=> (1 2 4 8 16)"},
		{`(loop for x = 5 repeat 3 collect x)`, "=> (5 5 5)"},
		{`(loop for x across #(1 2 3) sum x)`, "=> 6"},
		{`(loop for c across "hello" count (char= c #\l))`, "=> 2"},
		{`(loop for i from 0 below 5 collect i)`, "=> (0 1 2 3 4)"},
		{`(loop for i from 5 downto 1 collect i)`, "=> (5 4 3 2 1)"},
		{`(loop for i downfrom 5 above 1 collect i)`, "=> (5 4 3 2)"},
		{`(loop for i from 1 to 10 by 3 collect i)`, "=> (1 4 7 10)"},
		{`(loop for i upfrom 2 upto 4 collect i)`, "=> (2 3 4)"},
		{`(loop for i to 3 collect i)`, "=> (0 1 2 3)"},
		{`(loop for i below 3 collect i)`, "=> (0 1 2)"},
		{`(loop for i by 2 below 7 collect i)`, "=> (0 2 4 6)"},
		{`(loop for i from 10 downto 0 by 4 collect i)`, "=> (10 6 2)"},
		{`(loop for i from 0.5 to 2 by 0.5 collect i)`, "=> (0.5 1.0 1.5 2.0)"},
		{`(loop for i from 1/3 to 2 by 1/2 collect i)`, "=> (1/3 5/6 4/3 11/6)"},
		{`(let ((n 3)) (loop for i from 1 to n collect (* i i)))`, "=> (1 4 9)"},
		{`(loop for i from 1 to 3 finally (return i))`, "=> 4"},
		{`(loop for x in '(a b c) for i from 0 finally (return i))`, "=> 2"},
		{`(loop for x on '(1 2 3) finally (return x))`, "=> NIL"},
		{`(loop for x in '(1 2 3) and y = 0 then x collect (list x y))`, "=> ((1 0) (2 1) (3 2))"},
		{`(loop for i from 0 below 3 and j = 10 then (+ j i) collect (list i j))`, "=> ((0 10) (1 10) (2 11))"},
		{`(loop for x = 1 then y and y = 2 then (+ x y) repeat 5 collect x)`, "=> (1 2 3 5 8)"},
		{`(loop with a = 1 and b = 2 return (+ a b))`, "=> 3"},
		{`(loop with a = 1 with b = (+ a 1) return (list a b))`, "=> (1 2)"},
		{`(let ((a 5)) (loop with a = 1 and b = a return (list a b)))`, "=> (1 5)"},
		{`(loop with x return x)`, "=> NIL"},
		{`(loop with x fixnum with y float with z of-type double-float return (list x y z))`, "=> (0 0.0 0.0d0)"},
		{`(loop with (a b . c) = '(1 2 3 4) return (list a b c))`, "=> (1 2 (3 4))"},
		{`(loop with (a nil c) = '(1 2 3) return (list a c))`, "=> (1 3)"},
		{`(loop for (a b) in '((1 2) (3 4) (5 6)) collect (* a b))`, "=> (2 12 30)"},
		{`(loop for (a (b c)) in '((1 (2 3)) (4 (5 6))) collect (+ a b c))`, "=> (6 15)"},
		{`(loop for (a nil c) in '((1 2 3) (4 5 6)) collect (list a c))`, "=> ((1 3) (4 6))"},
		{`(loop for (k . v) in '((a . 1) (b . 2)) collect k collect v)`, "=> (A 1 B 2)"},
		{`(loop for (a b) (fixnum fixnum) in '((1 2)) collect (+ a b))`, "=> (3)"},
		{`(loop for x of-type fixnum in '(1 2 3) sum x)`, "=> 6"},
		{`(loop for x fixnum in '(1 2 3) sum x)`, "=> 6"},
		{`(loop for x t in '(1 2) collect x)`, "=> (1 2)"},
		{`(loop for x in '(1 2) initially (return x))`, "=> NIL"},
		{`(loop for x in '(1 2 3) finally (return (list :done x)))`, "=> (:DONE 3)"},
		{`(loop for x in '(1 2 3 4) when (> x 2) return x)`, "=> 3"},
		{`(loop for x in '(1 2 3) return (* x 100))`, "=> 100"},
		{`(loop named outer for x in '(1 2 3) do (loop for y in '(a b) do (when (= x 2) (return-from outer y))))`, "=> A"},
		{`(loop named foo for x from 1 when (> x 3) do (return-from foo (* x 10)))`, "=> 40"},
		{`(loop for x in '(1 2 3) append (list x x))`, "=> (1 1 2 2 3 3)"},
		{`(loop for x in '((1 2) (3) nil (4 5)) appending x)`, "=> (1 2 3 4 5)"},
		{`(loop for x in '((1 . 2) (3)) append x)`, "=> (1 3)"},
		{`(loop for x in '(1 2 3) nconc (list x (* x x)))`, "=> (1 1 2 4 3 9)"},
		{`(loop for x in '(1 2 3) nconcing (list x))`, "=> (1 2 3)"},
		{`(loop for x in '(1 nil 3 nil) count x)`, "=> 2"},
		{`(loop for x in '(1 2 3 4) counting (evenp x))`, "=> 2"},
		{`(loop for x in '(1 2 3) sum x)`, "=> 6"},
		{`(loop for x in '(1.5 2.5) summing x)`, "=> 4.0"},
		{`(loop for x in '(1 2 3) sum x float)`, "=> 6.0"},
		{`(loop for x in '(3 1 4 1 5) maximize x)`, "=> 5"},
		{`(loop for x in '(3 1 4 1 5) minimize x)`, "=> 1"},
		{`(loop for x in '(3 1 4 1 5) maximizing x into m finally (return (list :max m)))`, "=> (:MAX 5)"},
		{`(loop for x in '() maximize x)`, "=> 0"},
		{`(loop for x in '(1 2 3) collect x into evens finally (return evens))`, "=> (1 2 3)"},
		{`(loop for x in '(1 2 3 4 5) when (evenp x) collect x into evens else collect x into odds finally (return (list evens odds)))`, "=> ((2 4) (1 3 5))"},
		{`(loop for x in '(1 2 3) collect x into l sum x into s count t into c finally (return (list l s c)))`, "=> ((1 2 3) 6 3)"},
		{`(loop for x in '(1 2 3) collect x collect (- x))`, "=> (1 -1 2 -2 3 -3)"},
		{`(loop for x in '(1 2 3) collecting x append (list 0))`, "=> (1 0 2 0 3 0)"},
		{`(loop for x in '(1 2 3) sum x into a count x into a finally (return a))`, "=> 9"},
		{`(loop for x in '(3 1 2) maximize x into m minimize x into m finally (return m))`, "=> 2"},
		{`(loop for x in '(1 2 3) collect x into r do (setq r (cons 0 r)) finally (return r))`, "=> (0 1 2 3)"},
		{`(let ((l (list 1 2 3))) (let ((r (loop for x in l collect x))) (list (eq r l) r)))`, "=> (NIL (1 2 3))"},
		{`(loop for x in '(1 2 3 4 5 6) when (evenp x) collect x)`, "=> (2 4 6)"},
		{`(loop for x in '(1 2 3 4 5 6) if (evenp x) collect x else collect (- x))`, "=> (-1 2 -3 4 -5 6)"},
		{`(loop for x in '(1 2 3 4 5 6) unless (evenp x) collect x)`, "=> (1 3 5)"},
		{`(loop for x in '(1 2 3 4) when (evenp x) collect x and collect (* x 10) end collect 0)`, "=> (0 2 20 0 0 4 40 0)"},
		{`(loop for i from 1 to 10 if (evenp i) if (> i 5) collect i end else collect (- i))`, "=> (-1 -3 -5 6 -7 8 -9 10)"},
		{`(loop for x in '(1 nil 2 nil) when x collect it)`, "=> (1 2)"},
		{`(loop for x in '((a . 1) (b . 2)) when (cdr x) sum it)`, "=> 3"},
		{`(loop for x in '(1 2 3) when (and (> x 1) (* x 10)) return it)`, "=> 20"},
		{`(loop for x in '(1 2 3 4) when (oddp x) collect x and do (setq x 0) else collect :even end)`, "=> (1 :EVEN 3 :EVEN)"},
		{`(loop for x in '(1 2 3 4) unless (oddp x) collect x else collect (list x))`, "=> ((1) 2 (3) 4)"},
		{`(loop for x in '(1 2 3) while (< x 3) collect x)`, "=> (1 2)"},
		{`(loop for x in '(1 2 3) until (= x 2) collect x)`, "=> (1)"},
		{`(loop for x in '(1 2 3) while (< x 3) collect x into r finally (return (list r x)))`, "=> ((1 2) 3)"},
		{`(loop for x = 1 then (+ x 1) while (< x 4) collect x)`, "=> (1 2 3)"},
		{`(loop for i from 1 while (< i 4) for sq = (* i i) collect sq)`, "=> (1 4 9)"},
		{`(loop for x in '(2 4 6) always (evenp x))`, "=> T"},
		{`(loop for x in '(2 4 5) always (evenp x))`, "=> NIL"},
		{`(loop for x in '(1 3 5) never (evenp x))`, "=> T"},
		{`(loop for x in '(1 4 5) never (evenp x))`, "=> NIL"},
		{`(loop for x in '(1 3 4 5) thereis (and (evenp x) x))`, "=> 4"},
		{`(loop for x in '(1 3 5) thereis (evenp x))`, "=> NIL"},
		{`(loop for x in '(1 2 3) always (< x 5) collect x into l finally (return l))`, "=> (1 2 3)"},
		{`(loop repeat 3 collect :a)`, "=> (:A :A :A)"},
		{`(loop repeat 0 collect :a)`, "=> NIL"},
		{`(loop repeat -2 collect :a)`, "=> NIL"},
		{`(loop repeat 2.5 collect :a)`, "=> (:A :A :A)"},
		{`(let ((n 0)) (loop repeat (progn (incf n) 3) do (incf n)) n)`, "=> 4"},
		{`(loop for x in '(1 2 3 4 5) do (when (= x 3) (loop-finish)) collect x)`, "=> (1 2)"},
		{`(loop for x in '(1 2 3 4 5) collect x into r do (when (= x 3) (loop-finish)) finally (return (reverse r)))`, "=> (3 2 1)"},
		{`(loop for x in '(1 2 3) do (mapc (lambda (y) (when (= y 2) (loop-finish))) (list x)) collect x)`, "=> (1)"},
		{`(let ((h (make-hash-table))) (setf (gethash 'a h) 1) (loop for k being the hash-keys of h collect k))`, "=> (A)"},
		{`(let ((h (make-hash-table))) (setf (gethash 'a h) 1) (loop for v being the hash-values of h collect v))`, "=> (1)"},
		{`(let ((h (make-hash-table))) (setf (gethash 'a h) 1 (gethash 'b h) 2) (sort (loop for k being each hash-key in h using (hash-value v) collect (list k v)) #'string< :key #'car))`, "=> ((A 1) (B 2))"},
		{`(let ((h (make-hash-table))) (setf (gethash 'a h) 1 (gethash 'b h) 2) (loop for v being the hash-value of h using (hash-key k) sum v))`, "=> 3"},
		{`(let ((h (make-hash-table))) (setf (gethash 1 h) '(2 3)) (loop for (a b) being the hash-values of h collect (+ a b)))`, "=> (5)"},
		{`(loop for x being the hash-keys of (make-hash-table) collect x)`, "=> NIL"},
		{`(progn (defpackage "LOOPTEST1" (:use) (:export "FOO" "BAR")) (intern "BAZ" "LOOPTEST1") (sort (loop for s being the symbols of "LOOPTEST1" collect (symbol-name s)) #'string<))`, "=> (\"BAR\" \"BAZ\" \"FOO\")"},
		{`(sort (loop for s being the external-symbols of "LOOPTEST1" collect (symbol-name s)) #'string<)`, "=> (\"BAR\" \"FOO\")"},
		{`(sort (loop for s being each present-symbol in "LOOPTEST1" collect (symbol-name s)) #'string<)`, "=> (\"BAR\" \"BAZ\" \"FOO\")"},
		{`(progn (defpackage "LOOPTEST2" (:use "LOOPTEST1")) (list (loop for s being the present-symbols of "LOOPTEST2" count s) (loop for s being the symbols of "LOOPTEST2" count s)))`, "=> (0 2)"},
		{`(loop for x from 1 to 3 for y = (* x x) for z = (+ y 1) collect (list x y z))`, "=> ((1 1 2) (2 4 5) (3 9 10))"},
		{`(loop for x in '(a b c) as i from 1 collect (cons i x))`, "=> ((1 . A) (2 . B) (3 . C))"},
		{`(loop for i from 0 for x across #(a b c) collect (list i x))`, "=> ((0 A) (1 B) (2 C))"},
		{`(loop for x in '(1 2 3) for y in '(a b) collect (cons x y))`, "=> ((1 . A) (2 . B))"},
		{`(loop for x in '((1 2) (3 4)) for y in x collect y)`, "=> NIL"},
		{`(loop for i from 1 to 3 collect (loop for j from 1 to i collect j))`, "=> ((1) (1 2) (1 2 3))"},
		{`(loop for i below 3 nconc (loop for j below i collect (list i j)))`, "=> ((1 0) (2 0) (2 1))"},
		{`(let ((fs (loop for i below 3 collect (lambda () i)))) (mapcar #'funcall fs))`, "=> (3 3 3)"},
		{`(let (r) (loop for x in '(1 2 3) do (push (lambda () x) r)) (mapcar #'funcall r))`, "=> (3 3 3)"},
		{`(loop for i from 1 to 5 sum i into total finally (return (* 2 total)))`, "=> 30"},
		{`(loop for x in '(1 2 3) for y = x then (+ y x) collect y)`, "=> (1 3 6)"},
		{`(loop for x across (vector) collect x)`, "=> NIL"},
		{`(loop for x in nil collect x)`, "=> NIL"},
		{`(loop for nil in '(1 2 3) count t)`, "=> 3"},
		{`(loop for (nil . b) in '((1 . 2) (3 . 4)) collect b)`, "=> (2 4)"},
		{`(defun loop-test-fn (l) (loop for x in l when (evenp x) collect x into e and count x into n finally (return (values e n)))) (loop-test-fn (quote (1 2 3 4)))`, "=> (2 4)\n=> 2"},
		{`(loop for i of-type fixnum from 1 to 3 sum i of-type fixnum)`, "=> 6"},
		{`(loop for x in '(1 2) :collect x)`, "=> (1 2)"},
		{`(loop :for x :in '(1 2 3) :when (oddp x) :collect x)`, "=> (1 3)"},
		{`(block nil (loop for x in '(1 2 3) do (return :early)) :late)`, "=> :LATE"},
		{`(loop for x in '(1 2 3) nconc (list x) into r finally (return r))`, "=> (1 2 3)"},
		{`(loop for x in '(1 2 3) append (list x) into r collect 9 into r finally (return r))`, "=> (1 9 2 9 3 9)"},
		{`(loop for x from 1 to 3 sum x into s maximize x into m finally (return (list s m)))`, "=> (6 3)"},
	}
	in := golem.New(golem.Options{})
	for _, c := range cases {
		got, isErr := loopEval(in, c.code)
		if assert.False(t, isErr, "%s\n%s", c.code, got) {
			assert.Equal(t, c.want, got, c.code)
		}
	}
}

// TestLoopErrors checks that malformed loops signal PROGRAM-ERROR at
// macroexpansion with SBCL's message and the offending clause.
func TestLoopErrors(t *testing.T) {
	cases := []struct{ code, msg, context string }{
		{`(loop for x in a for x in b)`, "Duplicated variable X", "FOR X IN B."},
		{`(loop with x = 1 with x = 2 return x)`, "Duplicated variable X", "WITH X = 2 RETURN."},
		{`(loop for)`, "LOOP source code ran out when another token was expected.", "FOR."},
		{`(loop foo)`, "unknown LOOP keyword: FOO", "FOO."},
		{`(loop collect)`, "LOOP code ran out where a form was expected.", "COLLECT."},
		{`(loop for x from 1 to)`, "LOOP code ran out where a form was expected.", "FOR X FROM 1 TO."},
		{`(loop repeat)`, "LOOP code ran out where a form was expected.", "REPEAT."},
		{`(loop initially)`, "LOOP code ran out where a form was expected.", "INITIALLY."},
		{`(loop for x frob y)`, "FROB is an unknown keyword in FOR or AS clause in LOOP.", "FOR X FROB Y."},
		{`(loop do (print 1) for x in l)`, "iteration in LOOP follows body code", "FOR X IN L."},
		{`(loop for x in l collect x into y sum x into y)`, "incompatible kinds of LOOP value accumulation", "SUM X INTO Y."},
		{`(loop for x in l collect x count x)`, "incompatible kinds of LOOP value accumulation", "COUNT X."},
		{`(loop for i upfrom 3 downto 0 collect i)`, "conflicting stepping directions in LOOP sequencing path", "FOR I UPFROM 3 DOWNTO 0"},
		{`(loop for i downto 0 collect i)`, "don't know where to start stepping", "FOR I DOWNTO 0"},
		{`(loop for i from 1 to 3 from 2 collect i)`, "A FROM prepositional phrase occurs multiply for some LOOP clause.", "FOR I FROM 1 TO 3 FROM"},
		{`(loop named 3)`, "3 is an invalid name for your LOOP", "NAMED 3."},
		{`(loop when x collect x else else)`, "ELSE does not introduce a LOOP clause that can follow :ELSE.", "ELSE."},
		{`(loop when x for y in z)`, "FOR does not introduce a LOOP clause that can follow WHEN.", "FOR Y"},
		{`(loop for x being the foo of y)`, "FOO is not the name of a LOOP iteration path.", "FOR X BEING THE FOO OF"},
		{`(loop for x in '(1 2) always x collect x)`, "This anonymous collection LOOP clause is not permitted with aggregate booleans.", "COLLECT X."},
		{`(loop with x = 1 when x with y = 2 do (print y))`, "not permitted inside a conditional", "WITH Y"},
		{`(loop for x in l and)`, "LOOP source code ran out when another token was expected.", "FOR X IN L AND."},
		{`(loop named a named b return 1)`, "You may only use one NAMED clause in your loop: NAMED A ... NAMED B.", "NAMED B RETURN."},
		{`(loop for x in '(1) named foo return x)`, "The NAMED FOO clause occurs too late.", "NAMED FOO RETURN."},
		{`(loop for x in l when x thereis x)`, "This LOOP clause is not permitted inside a conditional.", "THEREIS X."},
		{`(loop when x repeat 3)`, "The LOOP :REPEAT clause is not permitted inside a conditional.", "REPEAT 3."},
		{`(loop when x while y)`, "The LOOP :WHILE clause is not permitted inside a conditional.", "WHILE Y."},
		{`(loop for x in l else 1)`, "secondary clause misplaced at top level in LOOP macro: ELSE 1 NIL ...", "ELSE 1."},
	}
	in := golem.New(golem.Options{})
	for _, c := range cases {
		got, isErr := loopEval(in, c.code)
		if assert.True(t, isErr, "%s\n%s", c.code, got) {
			assert.Contains(t, got, "PROGRAM-ERROR", c.code)
			assert.Contains(t, got, c.msg, c.code)
			assert.Contains(t, got, "current LOOP context: "+c.context, c.code)
		}
	}
	got, isErr := loopEval(in, `(loop-finish)`)
	assert.True(t, isErr, got)
	assert.Contains(t, got, "LOOP-FINISH", got)
}

// TestLoopExpansion checks the shape of expansions: a block around code
// that uses only COMMON-LISP operators and uninterned variables of its own.
func TestLoopExpansion(t *testing.T) {
	in := golem.New(golem.Options{})
	cases := []struct{ code, want string }{
		{`(car (macroexpand-1 '(loop for x in l collect x)))`, "=> BLOCK"},
		{`(cadr (macroexpand-1 '(loop named foo for x in l collect x)))`, "=> FOO"},
		{`(car (macroexpand-1 '(loop (print 1))))`, "=> BLOCK"},
		// Every symbol in an expansion is from COMMON-LISP, the user's form or uninterned.
		{`(let ((bad nil))
		    (labels ((walk (x) (cond ((consp x) (walk (car x)) (walk (cdr x)))
		                             ((and (symbolp x) (symbol-package x) (not (keywordp x))
		                                   (not (eq (symbol-package x) (find-package "CL")))
		                                   (not (member x '(x y k v l h s a b c m i r))))
		                              (pushnew x bad)))))
		      (dolist (f '((loop for x in l for y = x then y collect x into r finally (return r))
		                   (loop for (a b) on l by #'cddr when a sum b and count c else maximize a into m)
		                   (loop for k being the hash-keys of h using (hash-value v) thereis (and k v))
		                   (loop for s being the present-symbols of "CL" never s)
		                   (loop with a = 1 and b = 2 for x across v for i from a to b by 2 repeat 3 append x while x until x)))
		        (walk (macroexpand-1 f))))
		    bad)`, "=> NIL"},
		// Loop variables can't capture user variables named like the internals.
		{`(let ((loop-list 7) (loop-end 8)) (loop for x in '(1 2) collect (list x loop-list loop-end)))`, "=> ((1 7 8) (2 7 8))"},
	}
	for _, c := range cases {
		got, isErr := loopEval(in, c.code)
		assert.False(t, isErr, got)
		assert.Equal(t, c.want, got, c.code)
	}
}

// TestLoopScratch evaluates the forms of the file named by $LOOP_SCRATCH,
// one per line, for manual comparison with SBCL.
func TestLoopScratch(t *testing.T) {
	file := os.Getenv("LOOP_SCRATCH")
	if file == "" {
		t.Skip("LOOP_SCRATCH not set")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	in := golem.New(golem.Options{})
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" {
			continue
		}
		start := time.Now()
		text, isErr := loopEval(in, line)
		fmt.Println(line, time.Since(start).Round(time.Millisecond))
		if isErr {
			fmt.Println("  ERR " + strings.ReplaceAll(text, "\n", "\n      "))
			continue
		}
		for _, l := range strings.Split(text, "\n") {
			fmt.Println("  " + l)
		}
	}
}
