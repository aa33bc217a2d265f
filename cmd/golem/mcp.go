package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
	"github.com/golem-lisp/golem/qldist"
)

const mcpUsage = `Usage: golem mcp [flags]

Serve golem over the Model Context Protocol. Without --http, MCP runs over
stdio: the client starts "golem mcp" and talks JSON-RPC on its stdin and
stdout (nothing else is ever written to stdout). With --http, MCP streamable
HTTP is served at http://ADDR/mcp, with GET /healthz for health checks.

The HTTP server binds to loopback (127.0.0.1) by default: "--http :8080"
means 127.0.0.1:8080. Binding another interface (e.g. --http 0.0.0.0:8080)
exposes a Lisp evaluator to the network: use --token and --allow-host.

Lisp code runs sandboxed: it cannot open files, run programs or reach the
network, except for the directories opened with --allow-read/--allow-write.

Flags:
`

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// sizeFlag is a byte count accepting suffixes: 512K, 64MiB, 1G.
type sizeFlag int64

func (s *sizeFlag) String() string { return strconv.FormatInt(int64(*s), 10) }

func (s *sizeFlag) Set(v string) error {
	n, err := parseSize(v)
	if err != nil {
		return err
	}
	*s = sizeFlag(n)
	return nil
}

func parseSize(v string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(v))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := int64(1)
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult != 1 {
			t = t[:len(t)-1]
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("invalid size %q (use bytes or a K, M, G suffix, e.g. 64M)", v)
	}
	return n * mult, nil
}

// cmdMCP runs "golem mcp".
func cmdMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, mcpUsage)
		fs.PrintDefaults()
	}
	httpAddr := fs.String("http", "", "serve MCP streamable HTTP at `ADDR`/mcp instead of stdio (default host 127.0.0.1)")
	timeout := fs.Duration("timeout", mcp.DefaultTimeout, "wall-clock limit per evaluation; 0 for none")
	maxMemory := sizeFlag(1 << 30)
	fs.Var(&maxMemory, "max-memory", "memory limit per evaluation in `BYTES` (suffixes K, M, G): one allocation, and what the evaluation keeps alive; 0 for none (one allocation stays at most 1G)")
	maxHeap := sizeFlag(0)
	fs.Var(&maxHeap, "max-heap", "ceiling on the heap of the whole server in `BYTES`; near it the evaluation allocating most is stopped (default 3 × --max-memory)")
	maxOutput := sizeFlag(1 << 20)
	fs.Var(&maxOutput, "max-output", "`BYTES` kept of each captured output stream and printed value; 0 for none")
	maxRequest := sizeFlag(mcp.DefaultMaxArgBytes)
	fs.Var(&maxRequest, "max-request", "largest tool arguments accepted, in `BYTES`")
	maxDepth := fs.Int("max-depth", 0, "nested call limit (default 10000)")
	maxBignumBits := fs.Int64("max-bignum-bits", golem.DefaultMaxBignumBits, "largest integer an evaluation may build, in `BITS` (bounds the time of one bignum operation); 0 for none")
	idle := fs.Duration("session-idle", mcp.DefaultIdleTimeout, "HTTP and named sessions unused this long are discarded, freeing their interpreters; 0 for never")
	fs.DurationVar(idle, "idle-timeout", mcp.DefaultIdleTimeout, "alias of --session-idle")
	debugTimeout := fs.Duration("debug-timeout", golem.DefaultDebugTimeout, "an evaluation suspended by the debugger (evaluate-lisp's debug) that gets no call this long is aborted")
	maxSessions := fs.Int("max-sessions", mcp.DefaultMaxSessions, "most sessions held at once (HTTP, named and default); a new one beyond it is refused as \"server full\"; 0 for no limit")
	maxConns := fs.Int("max-connections", mcp.DefaultMaxConns, "most open HTTP connections; one more is answered 503 and closed; 0 for no limit")
	allowSharedTools := fs.Bool("allow-shared-tools", false, "let clients without an MCP session of their own (stateless protocol) define tools with golem:define-tool; such tools are listed to and callable by all of them")
	var systems, allowRead, allowWrite, allowOrigins, allowHosts multiFlag
	fs.Var(&systems, "systems", "a `DIR` load-system searches for NAME.asd (repeatable)")
	quicklispDist := fs.String("quicklisp-dist", "", "download systems found nowhere else from the Quicklisp dist whose distinfo.txt is at `URL` (http or https; off by default)")
	quicklispCache := fs.String("quicklisp-cache", "", "`DIR` releases from --quicklisp-dist are unpacked into (default golem/quicklisp in the user's cache directory)")
	fs.Var(&allowRead, "allow-read", "let Lisp code read files under `DIR` (repeatable)")
	fs.Var(&allowWrite, "allow-write", "let Lisp code read and write files under `DIR` (repeatable)")
	fs.Var(&allowOrigins, "allow-origin", "accept browser requests from `ORIGIN`, e.g. https://app.example (repeatable; loopback origins are always accepted)")
	fs.Var(&allowHosts, "allow-host", "accept HTTP requests for Host `NAME` besides loopback names (repeatable)")
	token := fs.String("token", "", "require \"Authorization: Bearer `TOKEN`\" on HTTP requests (default $GOLEM_MCP_TOKEN)")
	profile := fs.String("profile", mcp.ProfileSession, "tool set: \"session\" (evaluate-lisp and friends) or \"oneshot\" (lisp_eval)")
	allowDangerous := fs.Bool("allow-dangerous", false, "run Lisp-defined tools marked :dangerous without asking for approval")
	verbose := fs.Bool("verbose", false, "log diagnostics to stderr")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "golem mcp: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *profile != mcp.ProfileSession && *profile != mcp.ProfileOneshot {
		fmt.Fprintf(stderr, "golem mcp: unknown profile %q (use session or oneshot)\n", *profile)
		return 2
	}
	if err := checkDirs(append(append([]string(nil), allowRead...), allowWrite...)); err != nil {
		fmt.Fprintln(stderr, "golem mcp:", err)
		return 2
	}
	if *quicklispDist != "" {
		if err := qldist.CheckDistURL(*quicklispDist); err != nil {
			fmt.Fprintln(stderr, "golem mcp: --quicklisp-dist:", err)
			return 2
		}
	}
	if *token == "" {
		*token = os.Getenv("GOLEM_MCP_TOKEN")
	}

	opts := mcp.Options{
		Limits: golem.Limits{
			Timeout:       *timeout,
			MaxMemory:     int64(maxMemory),
			MaxOutput:     int64(maxOutput),
			MaxDepth:      *maxDepth,
			MaxBignumBits: *maxBignumBits,
		},
		MaxArgBytes:      int(maxRequest),
		MaxHeap:          int64(maxHeap),
		SystemDirs:       systems,
		QuicklispDist:    *quicklispDist,
		QuicklispCache:   *quicklispCache,
		AllowRead:        allowRead,
		AllowWrite:       allowWrite,
		IdleTimeout:      *idle,
		DebugTimeout:     *debugTimeout,
		Profile:          *profile,
		AllowDangerous:   *allowDangerous,
		MaxSessions:      *maxSessions,
		AllowSharedTools: *allowSharedTools,
	}
	if *maxSessions == 0 {
		opts.MaxSessions = -1
	}
	if *timeout == 0 {
		opts.Limits.Timeout = -1
	}
	if *maxBignumBits <= 0 {
		opts.Limits.MaxBignumBits = -1
	}
	if maxMemory == 0 {
		opts.Limits.MaxMemory = golem.NoLimit
	}
	if maxOutput == 0 {
		opts.Limits.MaxOutput = golem.NoLimit
	}
	if *idle == 0 {
		opts.IdleTimeout = -1
	}
	if *verbose {
		opts.Logger = log.New(stderr, "golem mcp: ", log.LstdFlags)
	}
	srv := mcp.NewServer(opts)
	defer srv.Close()
	// This process is the server's: its Go memory limit is the ceiling.
	srv.Options().Governor.SetProcessLimit()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	served := make(chan struct{})
	defer close(served) // before stop: the watchdog then sees no signal
	go shutdownWatchdog(ctx, served, func() { srv.InterruptAll("server shutting down") }, func() {
		fmt.Fprintf(stderr, "golem mcp: evaluations still running %v after the signal; exiting\n", shutdownGrace)
		os.Exit(1)
	})

	if *httpAddr == "" {
		// Keep stray writes to os.Stdout off the protocol stream.
		if f, isFile := stdout.(*os.File); isFile && f == os.Stdout {
			os.Stdout = os.Stderr
		}
		if err := srv.ServeStdio(ctx, stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "golem mcp:", err)
			return 1
		}
		return 0
	}

	addr := *httpAddr
	if strings.HasPrefix(addr, ":") {
		addr = "127.0.0.1" + addr
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && !isLoopbackHost(host) && *token == "" {
		fmt.Fprintf(stderr, "golem mcp: warning: serving on %s without --token; anyone who can reach it can run Lisp code\n", addr)
	}
	hopts := mcp.HTTPOptions{Token: *token, AllowedOrigins: allowOrigins, AllowedHosts: allowHosts, ShutdownGrace: 5 * time.Second, MaxConns: *maxConns}
	if *maxConns == 0 {
		hopts.MaxConns = -1
	}
	err := srv.ListenAndServe(ctx, addr, hopts, func(a net.Addr) {
		fmt.Fprintf(stderr, "golem mcp: serving MCP at http://%s/mcp\n", a)
	})
	if err != nil {
		fmt.Fprintln(stderr, "golem mcp:", err)
		return 1
	}
	return 0
}

// shutdownGrace is how long a server that got SIGINT or SIGTERM waits for
// its evaluations to end before it exits anyway.
const shutdownGrace = 1500 * time.Millisecond

// shutdownWatchdog makes a signal stop the server within 2 s whatever runs:
// when ctx ends before serving does (a signal), it calls interrupt (which
// interrupts every running evaluation) at once, and exit if serving has not
// ended shutdownGrace later (Go code that never looks at the interrupt).
func shutdownWatchdog(ctx context.Context, served <-chan struct{}, interrupt, exit func()) {
	select {
	case <-served:
		return
	case <-ctx.Done():
	}
	interrupt()
	select {
	case <-served:
	case <-time.After(shutdownGrace):
		exit()
	}
}

func isLoopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func checkDirs(dirs []string) error {
	for _, d := range dirs {
		st, err := os.Stat(d)
		if err != nil || !st.IsDir() {
			return fmt.Errorf("%s is not a directory", d)
		}
	}
	return nil
}
