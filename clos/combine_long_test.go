package clos_test

import (
	"strings"
	"testing"
)

// TestLongMethodCombination runs long-form DEFINE-METHOD-COMBINATION
// definitions (expectations from SBCL 2.2.9; error lines: type only),
// except that * matches any one qualifier inside a pattern, as the CLHS
// says, where SBCL 2.2.9 matches it only as the pattern's tail.
func TestLongMethodCombination(t *testing.T) {
	const vec = "(define-method-combination mc nil ((ms * :order ~A))\n" +
		"  `(vector ,@(mapcar (lambda (m) `(call-method ,m)) ms)))\n" +
		"(defgeneric g (x) (:method-combination mc))\n" +
		"(defmethod g ((x integer)) 'i) (defmethod g ((x number)) 'n) (defmethod g ((x t)) 'top)\n"
	runEvalCases(t, []evalCase{
		{"most-specific-first", strings.Replace(vec, "~A", ":most-specific-first", 1) + "(list (g 1) (g 1.0) (g 'a))", "=> (#(I N TOP) #(N TOP) #(TOP))"},
		{"order-evaluated", "(let ((o :most-specific-last)) " + strings.Replace(vec, "~A", "o", 1) + ") (g 1)", "=> #(TOP N I)"},
		{"no-group-matches", `(define-method-combination mc nil ((ms ()))) (defgeneric g (x) (:method-combination mc)) (defmethod g :extra (x) x) (g 1)`, "[ERROR] SIMPLE-ERROR"},
		{"required-group-empty", `(define-method-combination mc nil ((ms () :required t) (other *)) (declare (ignore other)) nil)
			(defgeneric g (x) (:method-combination mc)) (defmethod g :extra (x) x) (g 1)`, "[ERROR] SIMPLE-ERROR"},
		{"qualifier-pattern-tail", "(define-method-combination mc nil ((a (:a . *)) (b (:b *)))\n" +
			"  `(list ,@(mapcar (lambda (m) `(call-method ,m)) (append a b))))\n" +
			"(defgeneric g (x) (:method-combination mc)) (defmethod g :a 1 2 (x) 'a) (defmethod g :b 3 (x) 'b) (g 0)", "=> (A B)"},
		{"predicate", "(defun two-p (q) (equal q '(2)))\n(define-method-combination mc nil ((ms two-p))\n" +
			"  `(list ,@(mapcar (lambda (m) `(call-method ,m)) ms)))\n" +
			"(defgeneric g (x) (:method-combination mc)) (defmethod g 2 (x) x) (g 5)", "=> (5)"},
		{"options-and-arguments", "(define-method-combination mc (p &key (k 0)) ((ms *)) (:arguments a &rest r) (:generic-function gf)\n" +
			"  `(list ',p ',k ,a ,r (functionp ,gf) ,@(mapcar (lambda (m) `(call-method ,m)) ms)))\n" +
			"(defgeneric g (x &rest more) (:method-combination mc 1 :k 2)) (defmethod g (x &rest more) (length more)) (g 7 8 9)", "=> (1 2 7 (8 9) T 2)"},
		{"make-method-next", "(define-method-combination mc nil ((ms *))\n" +
			"  `(call-method ,(first ms) ((make-method (list :made ,@(mapcar (lambda (m) `(call-method ,m)) (rest ms)))))))\n" +
			"(defgeneric g (x) (:method-combination mc)) (defmethod g ((x integer)) (list :int (call-next-method))) (defmethod g ((x t)) :t) (g 1)", "=> (:INT (:MADE :T))"},
	})
}
