// Command rules is a small order-pricing service whose policy is a Lisp
// program: Go owns the data and the I/O, Lisp owns the rules, and the policy
// can change without rebuilding.
//
//	go run ./examples/rules                     # decide the sample orders
//	go run ./examples/rules -policy my.lisp < orders.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
)

var sampleStore = Store{
	Tiers:       map[string]string{"ada": "gold", "bob": "silver"},
	Shipping:    map[string]float64{"FR": 1.5, "DE": 1.2, "US": 3},
	ReviewAbove: 1000,
}

var sampleOrders = []Order{
	{ID: "A-1", Customer: "ada", Quantity: 12, Total: 240, Country: "FR"},
	{ID: "A-2", Customer: "bob", Quantity: 1, Total: 1500, Country: "US"},
	{ID: "A-3", Customer: "eve", Quantity: 2, Total: 30, Country: "MARS"},
}

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "rules:", err)
		os.Exit(1)
	}
}

func run(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	policyFile := fs.String("policy", "", "Lisp policy file (default: the built-in policy)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	policy := defaultPolicy
	orders := sampleOrders
	if *policyFile != "" {
		b, err := os.ReadFile(*policyFile)
		if err != nil {
			return err
		}
		policy = string(b)
		// With a policy of its own, the orders come as JSON on stdin.
		if err := json.NewDecoder(stdin).Decode(&orders); err != nil {
			return fmt.Errorf("reading orders: %w", err)
		}
	}
	engine, err := NewEngine(sampleStore, policy)
	if err != nil {
		return err
	}
	out := map[string][]Decision{}
	for _, o := range orders {
		ds, err := engine.Decide(context.Background(), o)
		if err != nil {
			return fmt.Errorf("order %s: %w", o.ID, err)
		}
		out[o.ID] = ds
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
