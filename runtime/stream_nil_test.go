package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// A string output stream of element type NIL takes no characters and gives
// an empty vector of element type NIL.
func TestStringOutputStreamElementTypeNil(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(let ((s (make-string-output-stream :element-type nil))) (list (type-of (get-output-stream-string s)) (equal (get-output-stream-string s) "")))`,
			`=> ((SIMPLE-ARRAY NIL (0)) T)`, false},
		{`(write-char #\a (make-string-output-stream :element-type nil))`, "~TYPE-ERROR", true},
		{`(let ((s (make-string-output-stream :element-type 'base-char))) (write-string "ok" s) (get-output-stream-string s))`, `=> "ok"`, false},
	})
}
