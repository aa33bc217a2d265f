package mcp_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// benchClient connects an initialized streamable HTTP client with its own
// transport session.
func benchClient(b *testing.B, url string) *client.Client {
	b.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		b.Fatal(err)
	}
	if err := c.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = "2025-06-18"
	req.Params.ClientInfo = mcpgo.Implementation{Name: "bench", Version: "1"}
	if _, err := c.Initialize(context.Background(), req); err != nil {
		b.Fatal(err)
	}
	return c
}

// evalErr evaluates code and returns an error unless it succeeded.
func evalErr(c *client.Client, code string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := callCtx(ctx, c, "evaluate-lisp", map[string]any{"code": code})
	if err != nil {
		return err
	}
	if res.IsError {
		return fmt.Errorf("%s: %v", code, res.Content)
	}
	return nil
}

// hostilePrograms run until a limit stops them: the 1 s timeout, the call
// depth limit, or the allocation limit.
var hostilePrograms = map[string][]string{
	"cpu": {
		"(loop)",
		"(labels ((f (n) (1+ (f n)))) (f 0))",
		"(let ((s 0)) (loop (setf s (expt 3 (+ 1000 (mod (incf s) 1000))))))",
	},
	"alloc": {
		"(let ((x nil)) (loop (setf x (make-array 1000000))))",
	},
}

// BenchmarkHTTPConcurrentSessions runs 200 concurrent HTTP sessions, a fifth
// of them running hostile programs over and over (CPU-bound ones, or ones
// that allocate), and reports the median and 99th percentile latency of the
// others' (+ 1 2), and the longest a hostile call took against its 1 s
// timeout. One op is the whole scenario; the setup runs once.
func BenchmarkHTTPConcurrentSessions(b *testing.B) {
	const sessions = 200
	srv := mcp.NewServer(mcp.Options{Limits: golem.Limits{Timeout: time.Second}})
	defer srv.Close()
	url := serveHTTP(b, srv, mcp.HTTPOptions{}) + "/mcp"
	clients := make([]*client.Client, sessions)
	for i := range clients {
		clients[i] = benchClient(b, url)
		defer clients[i].Close()
		if err := evalErr(clients[i], "(+ 1 2)"); err != nil {
			b.Fatal(err)
		}
	}
	for _, kind := range []string{"cpu", "alloc"} {
		b.Run(kind, func(b *testing.B) { concurrentSessions(b, clients, hostilePrograms[kind]) })
	}
}

func concurrentSessions(b *testing.B, clients []*client.Client, hostilePrograms []string) {
	const calls = 5
	var times []time.Duration
	var failures []error
	var slowest time.Duration
	for b.Loop() {
		stop := make(chan struct{})
		var hostile, good sync.WaitGroup
		var mu sync.Mutex
		for i, c := range clients {
			if i%5 != 0 {
				continue
			}
			hostile.Add(1)
			go func(i int, c *client.Client) {
				defer hostile.Done()
				for k := 0; ; k++ {
					select {
					case <-stop:
						return
					default:
					}
					// Each fails (a limit stops it); the session lives on.
					start := time.Now()
					_ = evalErr(c, hostilePrograms[(i/5+k)%len(hostilePrograms)])
					mu.Lock()
					slowest = max(slowest, time.Since(start))
					mu.Unlock()
				}
			}(i, c)
		}
		time.Sleep(200 * time.Millisecond) // let the hostile programs get going
		for i, c := range clients {
			if i%5 == 0 {
				continue
			}
			good.Add(1)
			go func(c *client.Client) {
				defer good.Done()
				for k := 0; k < calls; k++ {
					start := time.Now()
					err := evalErr(c, "(+ 1 2)")
					d := time.Since(start)
					mu.Lock()
					times = append(times, d)
					if err != nil {
						failures = append(failures, err)
					}
					mu.Unlock()
				}
			}(c)
		}
		good.Wait()
		close(stop)
		hostile.Wait()
	}
	if len(failures) > 0 {
		b.Fatalf("%d small calls failed, e.g. %v", len(failures), failures[0])
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(slowest), "hostile-max-ms")
	b.ReportMetric(0, "ns/op")
}

// rssMiB reads the process's resident set size from /proc/self/status.
func rssMiB() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

func heapMiB() float64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// settle collects garbage and returns memory to the OS, so that RSS shows
// what is kept.
func settle() {
	runtime.GC()
	debug.FreeOSMemory()
}

// BenchmarkSoakRSS runs 10,000 evaluations in HTTP sessions that come and
// go (100 sessions of 100 evaluations, four at a time) and reports RSS and
// live heap at the start and the end: they must stay flat. Run it with
// -benchtime=1x (one op is the whole soak).
func BenchmarkSoakRSS(b *testing.B) {
	const sessions, evals, workers = 100, 100, 4
	srv := mcp.NewServer(mcp.Options{})
	defer srv.Close()
	url := serveHTTP(b, srv, mcp.HTTPOptions{}) + "/mcp"
	programs := []string{
		"(+ 1 2)",
		"(defun soak-f (n) (if (< n 2) n (+ (soak-f (- n 1)) (soak-f (- n 2)))))",
		"(soak-f 15)",
		"(length (make-list 10000))",
		`(format nil "~{~a~^, ~}" (loop for i below 200 collect i))`,
		"(defparameter *soak* (make-hash-table))",
		"(dotimes (i 1000) (setf (gethash i *soak*) (list i i)))",
		"(defclass soak-point () ((x :initarg :x)))",
		"(slot-value (make-instance 'soak-point :x 3) 'x)",
		"(ignore-errors (error \"soak\"))",
	}
	run := func(n int) {
		c := benchClient(b, url)
		defer c.Close()
		for k := 0; k < n; k++ {
			if err := evalErr(c, programs[k%len(programs)]); err != nil {
				b.Error(err)
				return
			}
		}
	}
	run(len(programs)) // warm up: the first interpreter, the HTTP machinery
	settle()
	rssStart, heapStart := rssMiB(), heapMiB()
	for b.Loop() {
		work := make(chan int)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range work {
					run(evals)
				}
			}()
		}
		for i := 0; i < sessions; i++ {
			work <- i
		}
		close(work)
		wg.Wait()
	}
	settle()
	b.ReportMetric(rssStart, "rss-start-MiB")
	b.ReportMetric(rssMiB(), "rss-end-MiB")
	b.ReportMetric(heapStart, "heap-start-MiB")
	b.ReportMetric(heapMiB(), "heap-end-MiB")
	b.ReportMetric(float64(srv.SessionCount()), "sessions-left")
	b.ReportMetric(0, "ns/op")
}
