package eval_test

import "testing"

// TestSpecialLet checks the LETs and LET*s whose bindings are all special
// (compiled by specialLet, their init forms read in line): parallel and
// sequential binding, each number of bindings, inits that are special
// variables, locals, constants and other forms, bindings undone on return
// and on every non-local exit, and an unbound init's error. The expected
// values are SBCL's.
func TestSpecialLet(t *testing.T) {
	const defs = `(defvar *a* 1) (defvar *b* 2) (defvar *c* 3) (defvar *d* 4)
(defun abcd () (list *a* *b* *c* *d*)) `
	cases := []struct{ name, code, want string }{
		{"LET binds in parallel", `(list (let ((*a* *b*) (*b* *a*)) (abcd)) (abcd))`, `=> ((2 1 3 4) (1 2 3 4))`},
		{"LET* binds in sequence", `(list (let* ((*a* 10) (*b* *a*) (*c* (+ *a* *b*))) (abcd)) (abcd))`,
			`=> ((10 10 20 4) (1 2 3 4))`},
		{"four bindings", `(list (let ((*a* 'x) (*b* 'y) (*c* 'z) (*d* 'w)) (abcd)) (abcd))`, `=> ((X Y Z W) (1 2 3 4))`},
		{"one binding of itself", `(let ((*a* 5)) (let ((*a* (1+ *a*)) (*b* *a*)) (abcd)))`, `=> (6 5 3 4)`},
		{"LET* rebinding one variable", `(list (let* ((*a* 1) (*a* (+ *a* 1))) (list *a* (abcd))) (abcd))`,
			`=> ((2 (2 2 3 4)) (1 2 3 4))`},
		{"more than eight bindings",
			`(list (let* ((*a* 1) (*b* 2) (*c* 3) (*d* 4) (*a* 5) (*b* 6) (*c* 7) (*d* 8) (*a* 9)) (abcd)) (abcd))`,
			`=> ((9 6 7 8) (1 2 3 4))`},
		{"undone by THROW", `(list (catch 'out (let ((*a* :in) (*b* :in2)) (throw 'out (abcd)))) (abcd))`,
			`=> ((:IN :IN2 3 4) (1 2 3 4))`},
		{"undone by RETURN-FROM", `(list (block b (let ((*c* :ret)) (return-from b (abcd)))) (abcd))`,
			`=> ((1 2 :RET 4) (1 2 3 4))`},
		{"undone by an error", `(list (ignore-errors (let ((*d* :err) (*a* :err)) (error "x"))) (abcd))`,
			`=> (NIL (1 2 3 4))`},
		{"an unbound init", `(list (handler-case (let ((*a* (symbol-value (make-symbol "U")))) *a*) (unbound-variable (c) (type-of c))) (abcd))`,
			`=> (UNBOUND-VARIABLE (1 2 3 4))`},
		{"an unbound variable as init", `(handler-case (let ((*a* undefined-var-zz)) *a*) (unbound-variable (c) (cell-error-name c)))`,
			`=> UNDEFINED-VAR-ZZ`},
		{"a local and a constant as inits", `(let ((x 7)) (let ((*a* x) (*b* 'q)) (abcd)))`, `=> (7 Q 3 4)`},
		{"a variable declared special as init", `(let ((y 8)) (declare (special y)) (let ((*a* y)) (declare (special *a*)) (abcd)))`,
			`=> (8 2 3 4)`},
		{"a local variable declared special", `(let ((z 1)) (let ((z (+ z 1))) (declare (special z)) (let ((w z)) (declare (special w)) (list z w))))`,
			`=> (2 2)`},
		{"the body's values", `(multiple-value-list (let ((*a* 1)) (values *a* 2 3)))`, `=> (1 2 3)`},
		{"a LET as init", `(list (let ((*a* (let ((*a* :inner)) (abcd)))) *a*) (abcd))`, `=> ((:INNER 2 3 4) (1 2 3 4))`},
		{"a symbol macro as init", `(symbol-macrolet ((sm *b*)) (let ((*a* sm)) (abcd)))`, `=> (2 2 3 4)`},
	}
	for i := range cases {
		cases[i].code = defs + cases[i].code
	}
	runFreshCases(t, cases)
}

// TestSpecialOperands checks special variables read in line as operands
// (of fused arithmetic and tests, calls and THROW): each read sees the
// binding in effect and a store made by an earlier operand, and an
// unbound variable signals UNBOUND-VARIABLE. The expected values are SBCL's.
func TestSpecialOperands(t *testing.T) {
	const defs = `(defvar *a* 1) (defvar *b* 2) (defun f2 (x y) (list x y)) `
	cases := []struct{ name, code, want string }{
		{"reads in order", `(list (< *a* *b*) (let ((*a* 5)) (< *a* *b*)) (> (setq *a* 5) *a*) (f2 (setq *b* 7) *b*) (1+ *a*) (+ *a* *b*))`,
			`=> (T NIL NIL (7 7) 6 12)`},
		{"unbound in a test", `(handler-case (let ((*a* 1)) (declare (special *zz-unb*)) (< *zz-unb* 3)) (unbound-variable (c) (cell-error-name c)))`,
			`=> *ZZ-UNB*`},
		{"unbound in arithmetic", `(handler-case (1+ *zz-unb2*) (unbound-variable (c) (cell-error-name c)))`, `=> *ZZ-UNB2*`},
		{"bound by PROGV", `(let ((v (make-symbol "V"))) (progv (list v) (list 4) (list (eval (list '1+ v)))))`, `=> (5)`},
		{"thrown", `(list (catch 'k (throw 'k *b*)) (let ((x 3)) (declare (special x)) (catch 'k (throw 'k x))))`, `=> (2 3)`},
	}
	for i := range cases {
		cases[i].code = defs + cases[i].code
	}
	runFreshCases(t, cases)
}
