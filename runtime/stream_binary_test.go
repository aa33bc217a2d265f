package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// Integer element types of any size and shape upgrade to the fewest whole
// bytes (as SBCL does), elements wider than 64 bits go through bignums, and
// the composite streams pass elements on to their binary components.
func TestBinaryElementTypesAndCompositeStreams(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{Unrestricted: true})
	d := func(name string) string { return lispString(dir + "/" + name) }
	etype := func(spec string) string {
		return `(with-open-file (s ` + d("e.bin") + ` :direction :output :if-exists :supersede :element-type '` + spec + `) (stream-element-type s))`
	}
	fxRun(t, in, []fxCase{
		{etype("(unsigned-byte 100)"), "=> (UNSIGNED-BYTE 104)", false},
		{etype("(signed-byte 65)"), "=> (SIGNED-BYTE 72)", false},
		{etype("(unsigned-byte 24)"), "=> (UNSIGNED-BYTE 24)", false},
		{etype("(integer 0 1)"), "=> (UNSIGNED-BYTE 8)", false},
		{etype("(integer -1002 13112)"), "=> (SIGNED-BYTE 16)", false},
		{etype("(or (integer 0 1) (integer 100 200))"), "=> (UNSIGNED-BYTE 8)", false},
		{etype("(mod 65536)"), "=> (UNSIGNED-BYTE 16)", false},
		{etype("base-char"), "=> CHARACTER", false},
		{etype("(integer 0 *)"), "~unsupported :ELEMENT-TYPE", true},
		{etype("float"), "~unsupported :ELEMENT-TYPE", true},
		{`(with-open-file (s ` + d("u.bin") + ` :direction :output :if-exists :supersede :element-type '(unsigned-byte 100))
		   (write-byte (1- (ash 1 100)) s) (write-byte 1 s))
		  (with-open-file (s ` + d("u.bin") + ` :element-type '(unsigned-byte 100))
		   (list (file-length s) (= (read-byte s) (1- (ash 1 100))) (read-byte s) (read-byte s nil :eof)))`,
			"=> (2 T 1 :EOF)", false},
		{`(with-open-file (s ` + d("i.bin") + ` :direction :output :if-exists :supersede :element-type '(signed-byte 70))
		   (write-byte (- (ash 1 71)) s) (write-byte -1 s) (write-byte (1- (ash 1 71)) s))
		  (with-open-file (s ` + d("i.bin") + ` :element-type '(signed-byte 70))
		   (list (= (read-byte s) (- (ash 1 71))) (read-byte s) (= (read-byte s) (1- (ash 1 71)))))`,
			"=> (T -1 T)", false},
		{`(with-open-file (s ` + d("i.bin") + ` :direction :output :if-exists :supersede :element-type '(signed-byte 70))
		   (write-byte (ash 1 71) s))`, "~TYPE-ERROR", true},
		// Composite streams over binary file streams.
		{`(with-open-file (s ` + d("c.bin") + ` :direction :output :if-exists :supersede :element-type '(unsigned-byte 8))
		   (write-sequence '(1 5 9) s))
		  (with-open-file (a ` + d("c.bin") + ` :element-type '(unsigned-byte 8))
		   (with-open-file (b ` + d("c.bin") + ` :element-type '(unsigned-byte 8))
		     (let ((s (make-concatenated-stream a b)) (v (make-array 5)))
		       (list (read-byte s) (read-sequence v s) v (read-byte s nil :eof) (stream-element-type s)))))`,
			"=> (1 5 #(5 9 1 5 9) :EOF NIL)", false},
		{`(read-byte (make-concatenated-stream) nil :eof)`, "=> :EOF", false},
		{`(with-open-file (in ` + d("c.bin") + ` :element-type '(unsigned-byte 8))
		   (with-open-file (out ` + d("e.bin") + ` :direction :output :if-exists :supersede :element-type '(unsigned-byte 8))
		     (let ((s (make-echo-stream in out)))
		       (list (read-byte s) (read-byte s) (type-of s) (stream-element-type s)))))
		  (with-open-file (s ` + d("e.bin") + ` :element-type '(unsigned-byte 8)) (list (read-byte s) (read-byte s) (read-byte s nil :eof)))`,
			"=> (1 5 :EOF)", false},
		{`(with-open-file (in ` + d("c.bin") + ` :element-type '(unsigned-byte 8))
		   (with-open-file (out ` + d("t.bin") + ` :direction :output :if-exists :supersede :element-type '(unsigned-byte 8))
		     (let ((s (make-two-way-stream in out)) (v (vector nil nil nil)))
		       (read-sequence v s) (write-sequence (reverse v) s) (write-byte 7 (make-broadcast-stream s))
		       (stream-element-type s))))
		  (with-open-file (s ` + d("t.bin") + ` :element-type '(unsigned-byte 8)) (loop for b = (read-byte s nil) while b collect b))`,
			"=> (9 5 1 7)", false},
		{`(list (stream-element-type (make-two-way-stream (make-concatenated-stream) (make-broadcast-stream)))
		        (stream-element-type (make-echo-stream (make-string-input-stream "") (make-string-output-stream)))
		        (type-of (make-concatenated-stream)) (typep (make-concatenated-stream) 'file-stream))`,
			"=> ((AND NIL T) CHARACTER CONCATENATED-STREAM NIL)", false},
		{`(let ((b (make-broadcast-stream))) (list (file-position b) (file-length b) (file-string-length b "abc") (stream-external-format b)))`,
			"=> (0 0 1 :DEFAULT)", false},
	})
}
