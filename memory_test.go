package golem_test

import (
	"context"
	"fmt"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nested builds a form nesting op n deep around x, e.g. (list (list ... x)).
func nested(op string, n int, x string) string {
	return "'" + strings.Repeat("("+op+" ", n) + x + strings.Repeat(")", n)
}

// TestHostileAllocationsAreBounded runs programs that used to take the
// process down by allocating inside Go code: each must end in the Lisp
// error named, quickly, and leave the interpreter working.
func TestHostileAllocationsAreBounded(t *testing.T) {
	circ := `(let ((x (list 1 2 3))) (setf (cdddr x) x) %s)`
	// want is the type of the error (a suffix: SIMPLE-TYPE-ERROR is a
	// TYPE-ERROR), or "" when the program is legal and must succeed.
	cases := []struct{ name, code, want string }{
		{"format ~~ count", `(format nil "~1000000000~")`, "STORAGE-CONDITION"},
		{"format ~d column", `(format nil "~1000000000d" 1)`, "STORAGE-CONDITION"},
		{"format ~f width", `(format nil "~1000000000,3f" 1.0)`, "STORAGE-CONDITION"},
		{"format ~f digits", `(format nil "~,1000000000f" 1.0)`, "STORAGE-CONDITION"},
		{"format ~t", `(format nil "~1000000000t")`, "STORAGE-CONDITION"},
		{"format ~|", `(format nil "~1000000000|")`, "STORAGE-CONDITION"},
		{"format ~%", `(format nil "~1000000000%")`, "STORAGE-CONDITION"},
		{"format ~<~>", `(format nil "~1000000000<~a~>" 1)`, "STORAGE-CONDITION"},
		{"format ~a padding", `(format nil "~1000000000a" 1)`, "STORAGE-CONDITION"},
		{"reverse circular", fmtc(circ, "(reverse x)"), "TYPE-ERROR"},
		{"mapcar circular", fmtc(circ, "(mapcar #'identity x)"), "TYPE-ERROR"},
		{"apply circular", fmtc(circ, "(apply #'+ x)"), "TYPE-ERROR"},
		{"format ~{ circular", fmtc(circ, `(format nil "~{~a~}" x)`), "TYPE-ERROR"},
		{"eval circular call", fmtc(circ, "(eval (cons 'list x))"), "TYPE-ERROR"},
		{"make-array", `(make-array 50000000 :initial-element 1)`, "STORAGE-CONDITION"},
		{"concatenate", `(concatenate 'string (make-string 15000000) (make-string 15000000))`, "STORAGE-CONDITION"},
		{"string output stream", `(with-output-to-string (s) (loop (write-string "xxxx" s)))`, "STORAGE-CONDITION"},
		{"intern", `(let ((n 0)) (loop (intern (format nil "S~a" (incf n)))))`, "STORAGE-CONDITION"},
		{"nested list", "(eval " + nested("list", 30000, "1") + ")", ""},
		{"nested progn", "(eval " + nested("progn", 30000, "1") + ")", ""},
		{"nested let", "(eval " + nested("let ()", 30000, "1") + ")", ""},
		{"nested handler-case", "(eval " + nested("handler-case", 30000, "1") + ")", "STORAGE-CONDITION"},
		{"nested handler-bind", "(eval " + nested("handler-bind ()", 30000, "1") + ")", ""},
		{"nested quote", "(eval (list 'quote " + nested("list", 30000, "1") + "))", ""},
		{"keeping arrays", `(defvar *keep* nil) (loop (push (make-array 1000000) *keep*))`, "STORAGE-CONDITION"},
		{"keeping conses", `(defvar *keep2* nil) (loop (push (make-list 1000) *keep2*))`, "STORAGE-CONDITION"},
		{"copy-seq", `(let ((s (make-string 10000000))) (loop repeat 20 collect (copy-seq s)))`, "STORAGE-CONDITION"},
		{"subseq", `(let ((s (make-string 10000000))) (loop repeat 20 collect (subseq s 1)))`, "STORAGE-CONDITION"},
		{"append", `(let ((l (make-list 1000000))) (loop repeat 20 collect (append l nil)))`, "STORAGE-CONDITION"},
		{"hash table growth", `(let ((h (make-hash-table))) (dotimes (i 100000000) (setf (gethash i h) i)))`, "STORAGE-CONDITION"},
		{"adjust-array", `(let ((a (make-array 1 :adjustable t))) (adjust-array a 50000000))`, "STORAGE-CONDITION"},
		{"vector-push-extend", `(let ((a (make-array 1 :adjustable t :fill-pointer 0))) (loop (vector-push-extend 1 a)))`, "STORAGE-CONDITION"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{MaxMemory: 64 << 20, Timeout: 20 * time.Second}})
			_, err := in.Eval(context.Background(), `(defun still-here () :here)`)
			require.NoError(t, err)
			start := time.Now()
			res, err := in.Eval(context.Background(), c.code)
			elapsed := time.Since(start)
			if c.want == "" {
				require.NoError(t, err)
				require.NotNil(t, res)
			} else {
				require.Error(t, err)
				e, ok := err.(*golem.Error)
				require.True(t, ok, "%v", err)
				assert.True(t, strings.HasSuffix(e.Type, c.want), "%s: %s", e.Type, e.Report)
			}
			assert.Less(t, elapsed, 15*time.Second)
			got, isErr := evalText(t, in, `(list (+ 1 2) (still-here))`)
			assert.False(t, isErr)
			assert.Equal(t, "=> (3 :HERE)", got)
		})
	}
}

func fmtc(format, x string) string { return strings.Replace(format, "%s", x, 1) }

// TestSharedGovernorIsFair runs a session that keeps arrays, each within
// its per-evaluation limit, next to a session doing small work, both under
// one governor: the keeper gets STORAGE-CONDITIONs once the heap nears the
// ceiling, the small work never fails, and the heap stays under it.
func TestSharedGovernorIsFair(t *testing.T) {
	const limit = 64 << 20
	gov := rt.NewGovernor(3 * limit)
	opts := golem.Options{Governor: gov, Limits: golem.Limits{MaxMemory: limit, Timeout: 20 * time.Second}}
	keeper, worker := golem.New(opts), golem.New(opts)
	_, err := keeper.Eval(context.Background(), `(defvar *keep* nil)`)
	require.NoError(t, err)

	done := make(chan struct{})
	workerErrs := make(chan error, 1)
	go func() {
		defer close(workerErrs)
		for {
			select {
			case <-done:
				return
			default:
			}
			res, err := worker.Eval(context.Background(), `(let ((s 0)) (dotimes (i 100000) (incf s)) (length (make-list 1000)) s)`)
			if err != nil {
				workerErrs <- err
				return
			}
			if len(res.Values) != 1 || res.Values[0] != rt.MakeInt(100000) {
				workerErrs <- fmt.Errorf("unexpected values %v", res.Values)
				return
			}
		}
	}()
	var failures []string
	for range 20 {
		_, err := keeper.Eval(context.Background(), `(push (make-array 1000000) *keep*) (length *keep*)`)
		if err != nil {
			e, ok := err.(*golem.Error)
			require.True(t, ok, "%v", err)
			failures = append(failures, e.Type+": "+e.Report)
		}
	}
	close(done)
	require.NoError(t, <-workerErrs, "the session doing small work must never fail")
	require.NotEmpty(t, failures, "the keeping session must be stopped")
	for _, f := range failures {
		// The governor stopped it, not the per-evaluation limit.
		assert.True(t, strings.HasPrefix(f, "STORAGE-CONDITION: Heap exhausted: the process's memory is nearly full"), f)
	}
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	assert.Less(t, ms.HeapAlloc, uint64(gov.Ceiling()), "live heap after the run")
	// With the keeper's memory still held, small work still succeeds.
	got, isErr := evalText(t, worker, `(let ((s 0)) (dotimes (i 1000000) (incf s)) s)`)
	assert.False(t, isErr, got)
	assert.Equal(t, "=> 1000000", got)
	// What the keeper kept (16 MB an array) fits under the ceiling.
	res, err := keeper.Eval(context.Background(), `(length *keep*)`)
	require.NoError(t, err)
	kept := int64(res.Values[0].(rt.Fixnum))
	assert.Less(t, kept*16<<20, gov.Ceiling())
	assert.Greater(t, kept, int64(2))
}
