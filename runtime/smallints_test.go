package runtime

import (
	goruntime "runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The boxed small fixnums hold their own values, as Fixnums, equal (as
// Go interfaces, so EQ) to a fixnum boxed anew, across a collection, and
// MakeInt does not allocate for them.
func TestSmallIntBoxes(t *testing.T) {
	goruntime.GC()
	for n := int64(smallIntMin - 3); n <= smallIntMax+3; n++ {
		v := MakeInt(n)
		f, ok := v.(Fixnum)
		require.True(t, ok, "%d is a %T", n, v)
		require.Equal(t, Fixnum(n), f)
		require.True(t, v == Value(Fixnum(n)), "%d", n)
	}
	assert.Equal(t, Fixnum(-1024), smallInts[0].(Fixnum))
	assert.Equal(t, Fixnum(4096), smallInts[len(smallInts)-1].(Fixnum))
	var sink Value
	allocs := testing.AllocsPerRun(100, func() {
		for n := int64(smallIntMin); n <= smallIntMax; n += 97 {
			sink = MakeInt(n)
		}
	})
	assert.Zero(t, allocs)
	_ = sink
}
