package golem

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type ctxTestKey struct{}

// An evaluation's context behaves as context.WithTimeoutCause's (or
// WithCancel's, without a time limit) whether or not anything waited on
// it before it ended.
func TestEvalContextActsAsTheContextPackages(t *testing.T) {
	parentCause := errors.New("the caller gave up")
	cases := []struct {
		name       string
		limit      time.Duration
		parentEnds bool          // the parent is cancelled (with parentCause)
		parentIn   time.Duration // the parent has this deadline (0: none)
		cancel     bool          // the evaluation's cancel is called
		waitFirst  bool          // Done is asked for before anything ends
		sleep      time.Duration
		err        error
		cause      error
	}{
		{name: "running, no limit"},
		{name: "running, limit", limit: time.Hour},
		{name: "limit passed, never waited on", limit: time.Millisecond, sleep: 5 * time.Millisecond,
			err: context.DeadlineExceeded, cause: timeoutCause(time.Millisecond)},
		{name: "limit passed, waited on", limit: time.Millisecond, waitFirst: true, sleep: 5 * time.Millisecond,
			err: context.DeadlineExceeded, cause: timeoutCause(time.Millisecond)},
		{name: "cancelled, never waited on", limit: time.Hour, cancel: true, err: context.Canceled, cause: context.Canceled},
		{name: "cancelled, waited on", limit: time.Hour, cancel: true, waitFirst: true, err: context.Canceled, cause: context.Canceled},
		{name: "cancelled, no limit", cancel: true, err: context.Canceled, cause: context.Canceled},
		{name: "parent cancelled", limit: time.Hour, parentEnds: true, err: context.Canceled, cause: parentCause},
		{name: "parent cancelled, waited on", limit: time.Hour, parentEnds: true, waitFirst: true, err: context.Canceled, cause: parentCause},
		{name: "parent's deadline first", limit: time.Hour, parentIn: time.Millisecond, sleep: 5 * time.Millisecond,
			err: context.DeadlineExceeded, cause: context.DeadlineExceeded},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := context.WithValue(context.Background(), ctxTestKey{}, "v")
			var parentCancel context.CancelCauseFunc
			var parent context.Context
			parent, parentCancel = context.WithCancelCause(base)
			defer parentCancel(nil)
			if tc.parentIn > 0 {
				var cancel context.CancelFunc
				parent, cancel = context.WithTimeout(parent, tc.parentIn)
				defer cancel()
			}
			start := time.Now()
			ctx, cancel := newEvalContext(parent, tc.limit)
			defer cancel()
			assert.Equal(t, "v", ctx.Value(ctxTestKey{}))
			d, ok := ctx.Deadline()
			switch {
			case tc.parentIn > 0:
				pd, _ := parent.Deadline()
				assert.Equal(t, pd, d)
			case tc.limit > 0:
				require.True(t, ok)
				assert.WithinDuration(t, start.Add(tc.limit), d, time.Second)
			default:
				assert.False(t, ok)
			}
			var done <-chan struct{}
			if tc.waitFirst {
				done = ctx.Done()
			}
			if tc.parentEnds {
				parentCancel(parentCause)
			}
			if tc.cancel {
				cancel()
			}
			time.Sleep(tc.sleep)
			assert.Equal(t, tc.err, ctx.Err())
			assert.Equal(t, tc.cause, context.Cause(ctx))
			if done == nil {
				done = ctx.Done()
			}
			if tc.err == nil {
				select {
				case <-done:
					t.Fatal("Done is closed while the context runs")
				default:
				}
				return
			}
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Done is not closed")
			}
		})
	}
}

// Contexts derived from an evaluation's end with it, and Done closes at
// the time limit while something waits.
func TestEvalContextDerivedAndWaiting(t *testing.T) {
	ctx, cancel := newEvalContext(context.Background(), time.Hour)
	child, childCancel := context.WithCancel(ctx)
	defer childCancel()
	fired := make(chan struct{})
	context.AfterFunc(ctx, func() { close(fired) })
	cancel()
	select {
	case <-child.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("a derived context did not end")
	}
	select {
	case <-fired:
	case <-time.After(10 * time.Second):
		t.Fatal("AfterFunc did not run")
	}
	assert.Equal(t, context.Canceled, child.Err())

	limited, cancel := newEvalContext(context.Background(), 20*time.Millisecond)
	defer cancel()
	select {
	case <-limited.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("Done did not close at the time limit")
	}
	assert.Equal(t, context.DeadlineExceeded, limited.Err())
	assert.Equal(t, timeoutCause(20*time.Millisecond), context.Cause(limited))
}
