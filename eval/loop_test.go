package eval_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
)

func loopEval(in *golem.Interpreter, code string) (string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return in.EvalResponse(ctx, code)
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
	for _, line := range splitLines(string(b)) {
		text, isErr := loopEval(in, line)
		fmt.Printf("%s\n  %v %s\n", line, isErr, text)
	}
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '\n' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
