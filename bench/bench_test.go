// Package bench holds golem's benchmark programs (the .lisp files, also run
// side by side with SBCL and CLISP by run.sh) as Go benchmarks.
package bench

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/golem-lisp/golem"
)

// checksums are the outputs SBCL prints for each program.
var checksums = map[string]string{"fib": "fib 832040", "tak": "tak 350", "ctak": "ctak 140", "stak": "stak 140",
	"deriv": "deriv 1200000", "cons": "cons 600000000", "string": "string 2177670", "generic": "generic 8700000",
	"format": "format 3266465", "wordcount": "wordcount 30 1873333", "loopkernel": "loop 4216863560",
	"sort": "sort 1631 1073540908 2147483573", "bignum": "bignum 256909 368774859",
	// The Gabriel suite (tak, ctak, stak and deriv above).
	"boyer":       "boyer 10 9590",
	"browse":      "browse 39900 400",
	"dderiv":      "dderiv 1200000",
	"destructive": "destructive 65847000",
	"div2-iter":   "div2-iter 2000000",
	"div2-rec":    "div2-rec 2000000",
	"fft":         "fft 84993",
	"fprint":      "fprint 13950000",
	"fread":       "fread 2026035200",
	"frpoly":      "frpoly 10 16 56 1024 286 1048576 816 73741817 10 999998887 56 759996493 286 329136394 816 407668721 10 0 56 0 286 1 816 1074",
	"puzzle":      "puzzle 5 26628",
	"takl":        "takl 210",
	"takr":        "takr 700",
	"traverse":    "traverse 26580180",
	"triangle":    "triangle 36 300 61770",
}

var programs = []string{"fib", "tak", "ctak", "stak", "deriv", "cons", "string", "generic",
	"format", "wordcount", "loopkernel", "sort", "bignum",
	"boyer", "browse", "dderiv", "destructive", "div2-iter", "div2-rec", "fft", "fprint", "fread",
	"frpoly", "puzzle", "takl", "takr", "traverse", "triangle"}

// BenchmarkPrograms runs each program in a fresh interpreter per iteration.
func BenchmarkPrograms(b *testing.B) {
	for _, name := range programs {
		src, err := os.ReadFile(name + ".lisp")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				in := golem.New(golem.Options{Limits: golem.Limits{Timeout: -1}})
				res, err := in.Eval(context.Background(), string(src))
				if err != nil {
					b.Fatal(err)
				}
				if strings.TrimSpace(res.Stdout) != checksums[name] {
					b.Fatalf("unexpected output %q", res.Stdout)
				}
			}
		})
	}
}

// BenchmarkStartup measures creating an interpreter and evaluating (+ 1 2).
func BenchmarkStartup(b *testing.B) {
	for i := 0; i < b.N; i++ {
		in := golem.New(golem.Options{})
		if _, err := in.Eval(context.Background(), "(+ 1 2)"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestProgramsAgree checks each benchmark program prints its SBCL checksum.
func TestProgramsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("benchmark programs are slow; skipped in -short mode")
	}
	for _, name := range programs {
		src, err := os.ReadFile(name + ".lisp")
		if err != nil {
			t.Fatal(err)
		}
		in := golem.New(golem.Options{Limits: golem.Limits{Timeout: -1}})
		res, err := in.Eval(context.Background(), string(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := strings.TrimSpace(res.Stdout); got != checksums[name] {
			t.Errorf("%s printed %q, want %q", name, got, checksums[name])
		}
	}
}
