package runtime

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestThreadStacksReuse checks that a thread's stacks move to the next
// thread emptied (no value of the old evaluation reachable from them),
// that stacks too big to keep are dropped, and that the old thread keeps
// nothing it shares with the new one.
func TestThreadStacksReuse(t *testing.T) {
	img := NewImage()
	sym := img.Intern("CL-USER", "*STACKS-TEST*")
	sym.Value = MakeInt(0)
	cases := []struct {
		name              string
		args, frames      int // argument slots and calls in use when the evaluation stopped
		keepArgs, keepFrm bool
	}{
		{"small", 10, 3, true, true},
		{"stopped in the middle of calls", 300, 40, true, true},
		{"too many arguments to keep", maxKeptArgs + 1, 3, false, true},
		{"too deep to keep", 10, maxKeptFrames + 1, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			old := NewThread(img, context.Background(), Limits{MaxDepth: 2 * maxKeptFrames})
			assert.Nil(t, old.argStack, "a new thread allocates its argument stack when first needed")
			base, slots := old.ArgSlots(c.args)
			for i := range slots {
				slots[i] = MakeInt(int64(i + 1))
			}
			for range c.frames {
				f := old.PushFrame(nil, nil, 2)
				f.Slots[0] = MakeInt(7)
				f.Args = slots
			}
			old.BindSpecial(sym, MakeInt(1))
			old.UnbindTo(0)
			assert.Equal(t, MakeInt(0), sym.Value)
			argCap, frames := cap(old.argStack), len(old.framePool)
			_ = base // the evaluation ends without popping (a non-local exit to the top)

			var st Stacks
			old.ReleaseStacks(&st)
			assert.Nil(t, old.argStack)
			assert.Nil(t, old.framePool)
			assert.Zero(t, old.sp)
			assert.Zero(t, old.frameTop)

			th := NewThread(img, context.Background(), Limits{})
			th.UseStacks(&st)
			assert.Equal(t, Stacks{}, st, "UseStacks empties what it takes")
			if c.keepArgs {
				require.Equal(t, argCap, cap(th.argStack))
				for _, v := range th.argStack {
					require.Nil(t, v)
				}
			} else {
				assert.Nil(t, th.argStack)
			}
			if c.keepFrm {
				require.Len(t, th.framePool, frames)
				for _, f := range th.framePool {
					require.Equal(t, Frame{}, *f)
				}
			} else {
				assert.Nil(t, th.framePool)
			}
			for _, v := range th.locals {
				require.Nil(t, v)
			}
			assert.Zero(t, th.sp)
			assert.Zero(t, th.frameTop)
			assert.Zero(t, th.localsTop)

			// Both threads work on their own stacks from here on.
			b1, s1 := th.ArgSlots(3)
			s1[0] = MakeInt(42)
			b2, s2 := old.ArgSlots(3)
			s2[0] = MakeInt(43)
			assert.Equal(t, MakeInt(42), th.Args(b1, 3)[0])
			assert.Equal(t, MakeInt(43), old.Args(b2, 3)[0])
		})
	}
}

// TestReleaseStacksWithBindingsLeft checks that a special binding stack
// still holding bindings is not passed on (the next thread must start
// with none).
func TestReleaseStacksWithBindingsLeft(t *testing.T) {
	img := NewImage()
	sym := img.Intern("CL-USER", "*STACKS-TEST*")
	old := NewThread(img, context.Background(), Limits{})
	old.BindSpecial(sym, MakeInt(1))
	var st Stacks
	old.ReleaseStacks(&st)
	th := NewThread(img, context.Background(), Limits{})
	th.UseStacks(&st)
	assert.Equal(t, 0, th.SpecialDepth())
	th.BindSpecial(sym, MakeInt(2))
	assert.Equal(t, 1, th.SpecialDepth())
}
