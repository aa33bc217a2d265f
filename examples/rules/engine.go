package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/golem-lisp/golem"
)

//go:embed engine.lisp
var engineSource string

//go:embed policy.lisp
var defaultPolicy string

// Order is what the policy decides about. It reaches Lisp as a plist
// (:id ... :customer ... :quantity ... :total ... :country ...).
type Order struct {
	ID       string  `json:"id"`
	Customer string  `json:"customer"`
	Quantity int     `json:"quantity"`
	Total    float64 `json:"total"`
	Country  string  `json:"country"`
}

// Decision is one rule's verdict, filled from the plist the rule returned.
type Decision struct {
	Rule   string  `json:"rule"`
	Action string  `json:"action"`
	Amount float64 `json:"amount,omitempty"`
	Note   string  `json:"note,omitempty"`
}

// Store is the data the policy may consult through Go functions.
type Store struct {
	Tiers    map[string]string  // customer → loyalty tier
	Shipping map[string]float64 // country → cost per item
	// ReviewAbove is the order total above which orders are reviewed by
	// hand; the policy reads it as APP:*REVIEW-ABOVE*.
	ReviewAbove float64
}

// DecideTimeout bounds the rules' work on one order.
const DecideTimeout = 2 * time.Second

// ErrTooSlow is returned by Decide when the rules took longer than
// DecideTimeout.
var ErrTooSlow = errors.New("the rules took too long")

// Engine evaluates orders against a policy written in Lisp. An interpreter
// runs one evaluation at a time (others get golem.ErrBusy), so Decide is
// serialised by a mutex.
type Engine struct {
	mu sync.Mutex
	in *golem.Interpreter
	// evaluate is RULES:EVALUATE as a Go function.
	evaluate func(context.Context, Order) ([]Decision, error)
}

// NewEngine builds an engine running policy (Lisp source using DEFRULE).
func NewEngine(store Store, policy string) (*Engine, error) {
	return newEngine(store, policy, DecideTimeout)
}

// newEngine is NewEngine with the rules' time limit.
func newEngine(store Store, policy string, timeout time.Duration) (*Engine, error) {
	in := golem.New(golem.Options{
		Limits: golem.Limits{Timeout: timeout},
		// Setup gives the policy its view of the store: Go callbacks and a
		// global variable.
		Setup: func(in *golem.Interpreter) error {
			err := in.Define("app:customer-tier", func(customer string) string {
				if t, ok := store.Tiers[customer]; ok {
					return t
				}
				return "standard"
			})
			if err != nil {
				return err
			}
			err = in.Define("app:shipping-cost", func(country string, items int) (float64, error) {
				perItem, ok := store.Shipping[country]
				if !ok {
					return 0, fmt.Errorf("no shipping to %q", country)
				}
				return perItem * float64(items), nil
			})
			if err != nil {
				return err
			}
			return in.Set("app:*review-above*", store.ReviewAbove)
		},
	})
	if err := in.Err(); err != nil {
		return nil, err
	}
	ctx := context.Background()
	res, err := in.Eval(ctx, engineSource+"\n#'rules:evaluate")
	if err != nil {
		return nil, fmt.Errorf("loading the rules engine: %w", err)
	}
	e := &Engine{in: in}
	// The Lisp function becomes a typed Go function: the Order goes in as a
	// plist, the decisions come back as a []Decision.
	if err := golem.ExportTo(res.Values[0], &e.evaluate); err != nil {
		return nil, err
	}
	if err := e.Load(policy); err != nil {
		return nil, err
	}
	return e, nil
}

// Load replaces the policy. On error the previous rules stay in force.
func (e *Engine) Load(policy string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	ctx := context.Background()
	// Define the new rules from scratch; restore the old ones on failure.
	saved, err := e.in.Eval(ctx, "(prog1 rules::*rules* (rules:clear-rules))")
	if err != nil {
		return err
	}
	if _, err := e.in.EvalInPackage(ctx, policy, "RULES"); err != nil {
		if _, rerr := e.in.Call(ctx, "(lambda (old) (setf rules::*rules* old))", saved.Values[0]); rerr != nil {
			return rerr
		}
		return fmt.Errorf("policy not loaded: %w", err)
	}
	return nil
}

// Rules returns the names of the rules in force.
func (e *Engine) Rules() ([]string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	vals, err := e.in.Call(context.Background(), "rules:rule-names")
	if err != nil {
		return nil, err
	}
	var names []string
	err = golem.ExportTo(vals[0], &names)
	return names, err
}

// Decide runs every rule on the order. Rules that run past DecideTimeout
// give ErrTooSlow (the engine stays usable); the end of ctx gives its error (errors.Is(err,
// context.Canceled) or context.DeadlineExceeded).
func (e *Engine) Decide(ctx context.Context, o Order) ([]Decision, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	ds, err := e.evaluate(ctx, o)
	if errors.Is(err, golem.ErrTimeLimit) {
		return nil, fmt.Errorf("order %s: %w (%w)", o.ID, ErrTooSlow, err)
	}
	return ds, err
}
