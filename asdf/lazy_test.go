package asdf_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// The packages' symbols are made when first looked at (Package.SetLazy);
// every way of looking at them, in a new interpreter each, sees them as if
// they had been there from the start.
func TestLazyPackagesLookTheSame(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"find-package", `(package-name (find-package "ASDF"))`, `"ASDF"`},
		{"nickname", `(package-name (find-package "QL"))`, `"QUICKLISP-CLIENT"`},
		{"use list", `(mapcar #'package-name (package-use-list "ASDF-USER"))`, `("COMMON-LISP" "UIOP" "ASDF")`},
		{"find-symbol", `(multiple-value-list (find-symbol "LOAD-SYSTEM" "ASDF"))`, `(ASDF:LOAD-SYSTEM :EXTERNAL)`},
		{"inherited in ASDF-USER", `(nth-value 1 (find-symbol "LOAD-SYSTEM" "ASDF-USER"))`, `:INHERITED`},
		{"read", `(fboundp 'asdf:load-system)`, `#<FUNCTION ASDF:LOAD-SYSTEM>`},
		{"variable", `(list asdf:*central-registry* (boundp 'uiop:*stdout*))`, `(NIL T)`},
		{"local projects", `(listp ql:*local-project-directories*)`, `T`},
		{"external symbols", `(let ((n 0)) (do-external-symbols (s "UIOP") (incf n)) n)`, `174`},
		{"apropos-list", `(not (null (member 'asdf:load-system (apropos-list "LOAD-SYSTEM"))))`, `T`},
		{"intern in ASDF", `(multiple-value-list (intern "OOS" "ASDF"))`, `(ASDF:OOS :EXTERNAL)`},
		{"features", `(not (null (member :asdf3 *features*)))`, `T`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			res, err := in.Eval(context.Background(), c.code)
			require.NoError(t, err)
			assert.Equal(t, "=> "+c.want, res.Text())
		})
	}
}
