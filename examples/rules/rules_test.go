package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	e, err := NewEngine(sampleStore, `(defrule forever (order) (loop))`)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = e.Decide(ctx, sampleOrders[0])
	var lerr *golem.Error
	require.True(t, errors.As(err, &lerr), "%v", err)
	assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type)
	// The engine is still usable.
	require.NoError(t, e.Load(defaultPolicy))
	_, err = e.Decide(context.Background(), sampleOrders[1])
	require.NoError(t, err)
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
