package reader_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/conformance/casefile"
)

// TestSBCLCases evaluates reader cases end to end and compares golem's
// response text with SBCL's (for errors, only the [ERROR] line).
func TestSBCLCases(t *testing.T) {
	const path = "testdata/sbcl-cases.txt"
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := casefile.Parse(path, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		text, isErr := golem.New(golem.Options{}).EvalResponse(ctx, c.Code)
		cancel()
		if c.IsError() {
			if assert.True(t, isErr, "%s: %s\ngot %s", c.Name, c.Code, text) {
				assert.Equal(t, c.ErrorLine(), strings.SplitN(text, "\n", 2)[0], "%s: %s", c.Name, c.Code)
			}
			continue
		}
		assert.Equal(t, c.Expect, text, "%s: %s", c.Name, c.Code)
	}
}
