package printer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// Printing must stay linear in the size of the output, pretty or not.
func TestPrintLargeIsLinear(t *testing.T) {
	for _, pretty := range []string{"NIL", "T"} {
		e := newEnv(t)
		e.bind("*PRINT-PRETTY*", pretty)
		timeFor := func(n int) time.Duration {
			items := make([]rt.Value, n)
			for i := range items {
				items[i] = rt.List(rt.MakeInt(int64(i)), rt.NewString("x"))
			}
			l := rt.List(items...)
			start := time.Now()
			s := printer.ToString(e.th, l, true)
			require.Greater(t, len(s), n*5)
			return time.Since(start)
		}
		small := timeFor(20000)
		big := timeFor(200000)
		// 10x the data should take well under 50x the time.
		assert.Less(t, big, small*50+50*time.Millisecond, "pretty=%s small=%v big=%v", pretty, small, big)
	}
}

func TestPrintDeepNestingSignalsStorageCondition(t *testing.T) {
	for _, pretty := range []string{"NIL", "T"} {
		e := newEnv(t)
		e.bind("*PRINT-PRETTY*", pretty)
		var v rt.Value = rt.NIL
		for i := 0; i < 200000; i++ {
			v = rt.List(v)
		}
		name := e.catch(func() { printer.ToString(e.th, v, true) })
		assert.Contains(t, []string{"SIMPLE-STORAGE-CONDITION", "STORAGE-CONDITION"}, name, "pretty=%s", pretty)
	}
}

func TestPrintLevelCutsDeepNesting(t *testing.T) {
	e := newEnv(t)
	e.bind("*PRINT-LEVEL*", "3")
	var v rt.Value = rt.NIL
	for i := 0; i < 100000; i++ {
		v = rt.List(v)
	}
	assert.Equal(t, "(((#)))", printer.ToString(e.th, v, true))
	e.bind("*PRINT-PRETTY*", "T")
	assert.Equal(t, "(((#)))", printer.ToString(e.th, v, true))
	_ = strings.Repeat
}
