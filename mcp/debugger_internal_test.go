package mcp

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// A session dropped by its transport (a disconnect, an expiry) stops its
// suspended evaluation: nothing keeps the evaluation's goroutine waiting.
func TestDroppedSessionEndsItsSuspension(t *testing.T) {
	srv := NewServer(Options{})
	defer srv.Close()
	sess := srv.session(namedKey("debugged"))
	in := sess.Interpreter()
	_, err := in.EvalDebug(context.Background(), "(unwind-protect (car 1) (setq *cleaned* t))", "")
	var susp *golem.Suspension
	require.True(t, errors.As(err, &susp), "%v", err)
	require.NotNil(t, in.Suspended())

	srv.dropSession(sess.key)
	require.Eventually(t, func() bool { return in.Suspended() == nil }, 10*time.Second, 10*time.Millisecond)
	_, err = susp.Invoke(context.Background(), 0, nil)
	require.ErrorIs(t, err, golem.ErrNotSuspended)
	// The evaluation's own end (after its cleanups) records why it stopped.
	require.Eventually(t, func() bool {
		e := in.LastError()
		return e != nil && strings.Contains(e.Report, "session closed")
	}, 10*time.Second, 10*time.Millisecond)
}
