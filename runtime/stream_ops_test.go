package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// FINISH-OUTPUT writes a file stream's buffer out, so that another stream on
// the file reads it; :IF-EXISTS :NEW-VERSION replaces the file (there are no
// versions), while the default stays :ERROR.
func TestFinishOutputAndNewVersion(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{Unrestricted: true})
	d := func(name string) string { return lispString(dir + "/" + name) }
	fxRun(t, in, []fxCase{
		{`(with-open-file (s ` + d("a.txt") + ` :direction :io :if-exists :supersede)
		   (format s "some stuff~%")
		   (finish-output (make-synonym-stream '*standard-output*))
		   (finish-output (make-broadcast-stream s))
		   (with-open-file (in s) (values (read-line in))))`, `=> "some stuff"`, false},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output :if-exists :new-version) (write-string "wxyz" s))
		  (with-open-file (s ` + d("a.txt") + `) (values (read-line s)))`, `=> "wxyz"`, false},
		{`(open ` + d("a.txt") + ` :direction :output)`, "~already exists", true},
	})
}
