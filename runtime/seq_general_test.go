package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// Result types known only through SUBTYPEP (unions, classes) and the
// comparison of displaced vectors with fill pointers, which count only their
// active elements.
func TestGeneralSequenceTypesAndDisplacedEquality(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(make-sequence (find-class 'string) 2 :initial-element #\a)`, `=> "aa"`, false},
		{`(make-sequence (find-class 'cons) 1)`, `=> (NIL)`, false},
		{`(map '(or (vector t 10) (vector t 5)) #'identity '(1 2 3 4 5))`, `=> #(1 2 3 4 5)`, false},
		{`(map '(or (vector t 10) (vector t 5)) #'identity '(1 2 3 4 5 6))`, "~TYPE-ERROR", true},
		{`(concatenate '(or null cons) '(1) #(2))`, `=> (1 2)`, false},
		{`(make-sequence '(or null cons) 0)`, `=> NIL`, false},
		{`(make-sequence 'nil 0)`, "~TYPE-ERROR", true},
		{`(make-sequence '(or integer float) 0)`, "~TYPE-ERROR", true},
		{`(let ((n 0)) (list (map-into nil (lambda (x) (incf n) x) '(1 2)) (map-into (list 1 2) (lambda (x) (incf n) x) '(a b c)) n))`,
			`=> (NIL (A B) 2)`, false},
		{`(let* ((b (make-array 10 :element-type 'bit :initial-element 0))
		         (v (make-array 7 :element-type 'bit :fill-pointer 5 :displaced-to b :displaced-index-offset 2)))
		    (list (equal v #*00000) (equal v #*0000000) (equalp v #(0 0 0 0 0))))`, `=> (T NIL T)`, false},
		{`(let* ((s (make-array 10 :element-type 'character :initial-element #\x))
		         (v (make-array 7 :element-type 'character :fill-pointer 3 :displaced-to s)))
		    (list (equal v "xxx") (equal "xxx" v) (equal v "xxxxxxx")))`, `=> (T T NIL)`, false},
	})
}
