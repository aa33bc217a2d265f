package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

func TestSampleDecisions(t *testing.T) {
	e, err := NewEngine(sampleStore, defaultPolicy)
	require.NoError(t, err)
	names, err := e.Rules()
	require.NoError(t, err)
	assert.Equal(t, []string{"bulk-discount", "loyal-customer", "manual-review", "shipping"}, names)

	ds, err := e.Decide(context.Background(), sampleOrders[0])
	require.NoError(t, err)
	assert.Equal(t, []Decision{
		{Rule: "bulk-discount", Action: "discount", Amount: 24, Note: "10% off orders of ten items or more"},
		{Rule: "loyal-customer", Action: "discount", Amount: 5, Note: "gold customer"},
		{Rule: "shipping", Action: "shipping", Amount: 18},
	}, ds)

	// A Go error inside a rule is a Lisp condition the engine turns into a decision.
	ds, err = e.Decide(context.Background(), sampleOrders[2])
	require.NoError(t, err)
	assert.Equal(t, []Decision{{Rule: "shipping", Action: "error",
		Note: `The Go function APP:SHIPPING-COST returned an error: no shipping to "MARS"`}}, ds)
}

func TestPolicyReload(t *testing.T) {
	e, err := NewEngine(sampleStore, defaultPolicy)
	require.NoError(t, err)
	// A broken policy is refused and the rules in force stay.
	err = e.Load(`(defrule broken (order) (list :action "x"`)
	require.Error(t, err)
	names, _ := e.Rules()
	assert.Len(t, names, 4)

	require.NoError(t, e.Load(`(defrule free-shipping (order)
	  (when (string= (getf order :country) "FR") (list :action "shipping" :amount 0)))`))
	ds, err := e.Decide(context.Background(), sampleOrders[0])
	require.NoError(t, err)
	assert.Equal(t, []Decision{{Rule: "free-shipping", Action: "shipping"}}, ds)
}

func TestRunawayRuleIsInterrupted(t *testing.T) {
	e, err := newEngine(sampleStore, `(defrule forever (order) (loop))`, 100*time.Millisecond)
	require.NoError(t, err)
	// The engine's own time limit.
	_, err = e.Decide(context.Background(), sampleOrders[0])
	assert.ErrorIs(t, err, ErrTooSlow)
	assert.ErrorIs(t, err, golem.ErrTimeLimit)
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type)
	// The caller's deadline, and the caller's cancellation, well before
	// the engine's time limit.
	e, err = NewEngine(sampleStore, `(defrule forever (order) (loop))`)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err = e.Decide(ctx, sampleOrders[0])
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NotErrorIs(t, err, ErrTooSlow)
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	_, err = e.Decide(ctx, sampleOrders[0])
	assert.ErrorIs(t, err, context.Canceled)
	// The engine is still usable.
	require.NoError(t, e.Load(defaultPolicy))
	_, err = e.Decide(context.Background(), sampleOrders[1])
	require.NoError(t, err)
}

// The policy reads the store's review threshold, a global set from Go.
func TestReviewThreshold(t *testing.T) {
	store := sampleStore
	store.ReviewAbove = 100
	e, err := NewEngine(store, defaultPolicy)
	require.NoError(t, err)
	ds, err := e.Decide(context.Background(), Order{ID: "r", Customer: "x", Quantity: 1, Total: 150, Country: "FR"})
	require.NoError(t, err)
	assert.Contains(t, ds, Decision{Rule: "manual-review", Action: "review", Note: "large order"})
}

func TestRunCommand(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(nil, strings.NewReader(""), &out))
	var got map[string][]Decision
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	assert.Len(t, got, 3)
	assert.Equal(t, "review", got["A-2"][0].Action)

	policy := filepath.Join(t.TempDir(), "p.lisp")
	require.NoError(t, os.WriteFile(policy, []byte(`(defrule echo (o) (list :action (getf o :customer) :amount (getf o :quantity)))`), 0o644))
	out.Reset()
	orders := `[{"id":"x","customer":"zed","quantity":3}]`
	require.NoError(t, run([]string{"-policy", policy}, strings.NewReader(orders), &out))
	got = nil
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	assert.Equal(t, map[string][]Decision{"x": {{Rule: "echo", Action: "zed", Amount: 3}}}, got)
}
