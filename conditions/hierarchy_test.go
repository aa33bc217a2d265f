package conditions_test

import (
	"context"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/require"
)

func TestHierarchyAndSignal(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	c := th.MakeCondition("DIVISION-BY-ZERO", img.Kw("OPERATION"), img.CLSym("/"))
	require.True(t, th.TypeP(c, img.CLSym("ARITHMETIC-ERROR")))
	require.True(t, th.TypeP(c, img.CLSym("ERROR")))
	require.False(t, th.TypeP(c, img.CLSym("WARNING")))
	r := img.Classes[img.CLSym("READER-ERROR")]
	require.True(t, r.IsSubclassOf(img.Classes[img.CLSym("STREAM-ERROR")]))
	require.True(t, r.IsSubclassOf(img.Classes[img.CLSym("PARSE-ERROR")]))
	defer func() {
		u, ok := recover().(*rt.Unhandled)
		require.True(t, ok)
		require.Equal(t, "DIVISION-BY-ZERO", u.Condition.Class.Name.Name)
	}()
	th.Error(c)
}
