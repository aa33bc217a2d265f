package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
)

func TestParseNamestringRoundTrip(t *testing.T) {
	img := rt.NewImage()
	cases := []struct {
		in, dir, name, typ string // dir/name/type as golem prints them via Go helpers below
	}{
		{"/tmp/foo.lisp", "(:ABSOLUTE tmp)", "foo", "lisp"},
		{"foo.tar.gz", "", "foo.tar", "gz"},
		{".bashrc", "", ".bashrc", "-"},
		{"a/b/", "(:RELATIVE a b)", "-", "-"},
		{"/", "(:ABSOLUTE)", "-", "-"},
		{"", "", "-", "-"},
		{"../x", "(:RELATIVE :UP)", "x", "-"},
		{"~/x/", "(:ABSOLUTE :HOME x)", "-", "-"},
		{"/a/**/*.lisp", "(:ABSOLUTE a :WILD-INFERIORS)", ":WILD", "lisp"},
		{"*.*", "", ":WILD", ":WILD"},
		{"a.b.", "", "a.b", ""},
		{"a\\.b", "", "a.b", "-"},
		{"//a//b/c", "(:ABSOLUTE a b)", "c", "-"},
	}
	show := func(v rt.Value) string {
		switch x := v.(type) {
		case *rt.String:
			return x.String()
		case *rt.Symbol:
			if x == rt.NIL {
				return "-"
			}
			return ":" + x.Name
		case *rt.Cons:
			out := "("
			for i, e := range rt.ListToSlice(x) {
				if i > 0 {
					out += " "
				}
				if s, ok := e.(*rt.String); ok {
					out += s.String()
				} else {
					out += ":" + e.(*rt.Symbol).Name
				}
			}
			return out + ")"
		}
		return "?"
	}
	for _, c := range cases {
		p := rt.ParseNamestring(img, c.in)
		dir := show(p.Directory)
		if dir == "-" {
			dir = ""
		}
		assert.Equal(t, c.dir, dir, "directory of %q", c.in)
		assert.Equal(t, c.name, show(p.Name), "name of %q", c.in)
		assert.Equal(t, c.typ, show(p.Type), "type of %q", c.in)
		ns, ok := p.Namestring()
		assert.True(t, ok)
		if c.in != "//a//b/c" {
			assert.Equal(t, c.in, ns, "namestring round trip")
		}
		assert.True(t, p.LispEqual(rt.ParseNamestring(img, ns)), "re-parsed %q", ns)
		assert.Equal(t, p.LispHash(), rt.ParseNamestring(img, ns).LispHash())
	}
}

func TestPathnameFunctions(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`#p"/tmp/foo.lisp"`, `=> #P"/tmp/foo.lisp"`, false},
		{`(list (pathname-directory "/tmp/a/b.c") (pathname-name "/tmp/a/b.c") (pathname-type "/tmp/a/b.c") (pathname-version "/tmp/a/b.c"))`,
			`=> ((:ABSOLUTE "tmp" "a") "b" "c" :NEWEST)`, false},
		{`(list (pathname-host "/a") (pathname-device "/a") (pathname-version (make-pathname :name "x")))`, "=> (NIL NIL NIL)", false},
		{`(pathname-name "*.lisp")`, "=> :WILD", false},
		{`(pathname-name "b*")`, `=> #<SB-IMPL::PATTERN "b" :MULTI-CHAR-WILD>`, false},
		{`(list (wild-pathname-p "/a/*.lisp") (wild-pathname-p "/a/b") (wild-pathname-p "/a/*" :directory) (wild-pathname-p "/a/*/b" :directory))`,
			"=> (T NIL NIL T)", false},
		{`(make-pathname :directory '(:absolute "a" "b") :name "c" :type "d")`, `=> #P"/a/b/c.d"`, false},
		{`(make-pathname :name "a" :defaults "/x/y/z.lisp")`, `=> #P"/x/y/a.lisp"`, false},
		{`(make-pathname :type nil :defaults "/x/y/z.lisp")`, `=> #P"/x/y/z"`, false},
		{`(make-pathname :directory "a")`, `=> #P"/a/"`, false},
		{`(make-pathname :directory '(:relative "a" :up "b"))`, `=> #P"a/../b/"`, false},
		{`(make-pathname :directory '(:absolute "a" :back "b"))`, `=> #P"/b/"`, false},
		{`(make-pathname :name "a.b")`, `=> #P"a\\.b"`, false},
		{`(namestring (make-pathname :name "a" :type "b.c"))`, `=> "a.b\\.c"`, false},
		{`(make-pathname :name "x" :case :common)`, `=> #P"X"`, false},
		{`(make-pathname :name 12)`, "~is not of type (OR STRING (MEMBER NIL :UNSPECIFIC :WILD))", true},
		{`(make-pathname :directory '(:foo))`, "~must start with :ABSOLUTE or :RELATIVE", true},
		{`(make-pathname :directory '(:absolute 12))`, "~12 is not allowed as a directory component", true},
		{`(merge-pathnames "foo.lisp" "/tmp/bar/")`, `=> #P"/tmp/bar/foo.lisp"`, false},
		{`(merge-pathnames "foo" "/tmp/bar/x.lisp")`, `=> #P"/tmp/bar/foo.lisp"`, false},
		{`(merge-pathnames "a/b.c" "/x/y/")`, `=> #P"/x/y/a/b.c"`, false},
		{`(merge-pathnames "/a/b.c" "/x/y/")`, `=> #P"/a/b.c"`, false},
		{`(merge-pathnames "../foo" "/tmp/bar/")`, `=> #P"/tmp/bar/../foo"`, false},
		{`(merge-pathnames (make-pathname :directory '(:relative :back "q")) "/a/b/c/")`, `=> #P"/a/b/q/"`, false},
		{`(merge-pathnames "x" nil)`, "~(OR STRING PATHNAME SYNONYM-STREAM FILE-STREAM)", true},
		{`(list (enough-namestring "/tmp/a/b.lisp" "/tmp/") (enough-namestring "/tmp/a/b.lisp" "/usr/") (enough-namestring "/a/b/c" "/a/b/c"))`,
			`=> ("a/b.lisp" "/tmp/a/b.lisp" "")`, false},
		{`(list (file-namestring "/tmp/a/b.lisp") (directory-namestring "/tmp/a/b.lisp") (host-namestring "/tmp/a") (namestring "x/y"))`,
			`=> ("b.lisp" "/tmp/a/" "" "x/y")`, false},
		{`(multiple-value-list (parse-namestring "/a/b.c"))`, `=> (#P"/a/b.c" 6)`, false},
		{`(multiple-value-list (parse-namestring "xyz/abc" nil *default-pathname-defaults* :start 4))`, `=> (#P"abc" 7)`, false},
		{`(list (equal #p"/a/b" #p"/a/b") (equal #p"/a/b" "/a/b") (equalp #p"/A/b" #p"/a/b") (equal (pathname "a.b") (make-pathname :name "a" :type "b")))`,
			"=> (T NIL NIL T)", false},
		{`(let ((h (make-hash-table :test 'equal))) (setf (gethash #p"/a/b" h) 1) (gethash (pathname "/a/b") h))`, "=> 1\n=> T", false},
		{`(= (sxhash #p"/a/b.c") (sxhash (pathname "/a/b.c")))`, "=> T", false},
		{`(list (pathname-match-p "/a/b.lisp" "/a/*.lisp") (pathname-match-p "/a/c/b.lisp" "/a/**/*.lisp") (pathname-match-p "/a/b.lisp" "/a/*.txt")
		        (pathname-match-p "/a/foo.lisp" "/a/f*.lisp") (pathname-match-p "a/foo.lisp" "/a/*.lisp") (pathname-match-p "/a/foo.lisp" "foo"))`,
			"=> (T T NIL T NIL T)", false},
		{`(translate-pathname "/a/b.lisp" "/a/*.lisp" "/c/*.fasl")`, `=> #P"/c/b.fasl"`, false},
		{`(translate-pathname "/src/x/y/z.lisp" "/src/**/*.lisp" "/out/**/*.fasl")`, `=> #P"/out/x/y/z.fasl"`, false},
		{`(list (pathnamep #p"x") (pathnamep "x") (type-of #p"x") (typep #p"x" 'pathname))`, "=> (T NIL PATHNAME T)", false},
		{`(list (prin1-to-string #p"/a b/c") (princ-to-string #p"/a/c") (format nil "~a ~s" #p"/x" #p"/y"))`,
			`=> ("#P\"/a b/c\"" "/a/c" "/x #P\"/y\"")`, false},
		{`(make-pathname :directory '(:relative :back "b"))`, "~#<PATHNAME (with no namestring)", false},
		{`(with-standard-io-syntax (prin1-to-string (make-pathname :directory '(:relative :back "b"))))`, "~PRINT-NOT-READABLE", true},
		{`(read-from-string "#P\"/x/y.z\"")`, "=> #P\"/x/y.z\"\n=> 10", false},
		{`(read-from-string "#P42")`, "~is not a namestring", true},
		{`(pathname-directory "/a/b/c.d" :case :common)`, `=> (:ABSOLUTE "A" "B")`, false},
	})
}
