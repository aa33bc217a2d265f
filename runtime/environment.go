package runtime

import (
	"math"
	"math/big"
	"os"
	goruntime "runtime"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"time"
)

// unixToUniversal is the universal time of the Unix epoch (1970-01-01 UTC).
const unixToUniversal = 2208988800

// InternalTimeUnitsPerSecond is INTERNAL-TIME-UNITS-PER-SECOND (microseconds, as in SBCL).
const InternalTimeUnitsPerSecond = 1000000

// LispImplementationVersion is what LISP-IMPLEMENTATION-VERSION returns.
const LispImplementationVersion = "0.1.0"

type envKey struct{}

// envState is the per-image state of the environment functions.
type envState struct {
	start      time.Time
	traceDepth *Symbol
	traced     map[traceKey]*TracedFunction
	order      []traceKey
}

// traceKey is a traced function name: a symbol, or (SETF symbol).
type traceKey struct {
	sym  *Symbol
	setf bool
}

// cell is the function cell the name designates.
func (k traceKey) cell() *Function {
	if k.setf {
		return &k.sym.Setf
	}
	return &k.sym.Fn
}

func env(img *Image) *envState {
	if st, ok := img.Extra[envKey{}].(*envState); ok {
		return st
	}
	st := &envState{start: time.Now(), traced: map[traceKey]*TracedFunction{}}
	st.traceDepth = NewSymbol("*TRACE-DEPTH*")
	st.traceDepth.Flags |= FlagSpecial
	st.traceDepth.Value = MakeInt(0)
	img.Extra[envKey{}] = st
	return st
}

// --- time ---

func (th *Thread) timeZoneArg(v Value) (offsetSeconds int64, ok bool) {
	var r *big.Rat
	switch x := v.(type) {
	case Fixnum:
		r = new(big.Rat).SetInt64(int64(x))
	case *Ratio:
		r = x.Rat
	}
	if r == nil || r.Cmp(big.NewRat(-24, 1)) < 0 || r.Cmp(big.NewRat(24, 1)) > 0 {
		c := th.Img.CLSym
		th.TypeError(v, List(th.Img.S.Or, c("NULL"), List(c("RATIONAL"), MakeInt(-24), MakeInt(24))))
	}
	secs := new(big.Rat).Mul(r, big.NewRat(3600, 1))
	f, _ := secs.Float64()
	return -int64(math.Round(f)), true
}

func (th *Thread) decodeUniversalTime(ut Value, tz Value) Value {
	n, ok := ut.(Fixnum)
	if !ok || n < 0 {
		th.TypeError(ut, th.Img.CLSym("UNSIGNED-BYTE"))
	}
	unix := int64(n) - unixToUniversal
	var t time.Time
	var dst Value = NIL
	var zone Value
	if tz != NIL {
		off, _ := th.timeZoneArg(tz)
		t = time.Unix(unix, 0).In(time.FixedZone("", int(off)))
		zone = tz
	} else {
		t = time.Unix(unix, 0).In(time.Local)
		_, off := t.Zone()
		if t.IsDST() {
			dst = T
			off -= 3600
		}
		zone = MakeRat(big.NewRat(-int64(off), 3600))
	}
	dow := (int(t.Weekday()) + 6) % 7
	return th.Values(MakeInt(int64(t.Second())), MakeInt(int64(t.Minute())), MakeInt(int64(t.Hour())),
		MakeInt(int64(t.Day())), MakeInt(int64(t.Month())), MakeInt(int64(t.Year())), MakeInt(int64(dow)), dst, zone)
}

func (th *Thread) encodeUniversalTime(args []Value) Value {
	c := th.Img.CLSym
	field := func(v Value, lo, hi int64, spec Value) int64 {
		n, ok := v.(Fixnum)
		if !ok || int64(n) < lo || int64(n) > hi {
			th.TypeError(v, spec)
		}
		return int64(n)
	}
	sec := field(args[0], 0, 59, List(c("MOD"), MakeInt(60)))
	minute := field(args[1], 0, 59, List(c("MOD"), MakeInt(60)))
	hour := field(args[2], 0, 23, List(c("MOD"), MakeInt(24)))
	date := field(args[3], 1, 31, List(c("INTEGER"), MakeInt(1), MakeInt(31)))
	month := field(args[4], 1, 12, List(c("INTEGER"), MakeInt(1), MakeInt(12)))
	year := field(args[5], 0, 1<<40, c("UNSIGNED-BYTE"))
	if year < 100 {
		cur := int64(time.Now().Year())
		y := year + cur/100*100
		if y > cur+50 {
			y -= 100
		} else if y <= cur-50 {
			y += 100
		}
		year = y
	}
	loc := time.Local
	if len(args) > 6 && args[6] != NIL {
		off, _ := th.timeZoneArg(args[6])
		loc = time.FixedZone("", int(off))
	}
	t := time.Date(int(year), time.Month(month), int(date), int(hour), int(minute), int(sec), 0, loc)
	return MakeInt(t.Unix() + unixToUniversal)
}

// sleepSeconds converts SLEEP's argument, signalling SBCL's type error for
// negative or non-real values.
func (th *Thread) sleepSeconds(v Value) float64 {
	var f float64
	ok := true
	switch x := v.(type) {
	case Fixnum:
		f = float64(x)
	case *Bignum:
		f, _ = new(big.Float).SetInt(x.Int).Float64()
	case *Ratio:
		f, _ = x.Rat.Float64()
	case SingleFloat:
		f = float64(x)
	case DoubleFloat:
		f = float64(x)
	default:
		ok = false
	}
	if !ok || f < 0 || math.IsNaN(f) {
		c := th.Img.CLSym
		th.simpleTypeError(v, List(th.Img.S.Or, List(c("SINGLE-FLOAT"), SingleFloat(0)), List(c("DOUBLE-FLOAT"), DoubleFloat(0)),
			List(c("RATIONAL"), MakeInt(0))),
			"The value ~S is not a non-negative real number.", v)
	}
	return f
}

// Sleep waits d, waking every few milliseconds to honour interrupts, break
// requests, the evaluation's deadline and cancellation of its context.
func (th *Thread) Sleep(d time.Duration) {
	end := time.Now().Add(d)
	for {
		th.tickCheck() // the limits, and a break request (Ctrl-C)
		left := time.Until(end)
		if left <= 0 {
			return
		}
		if left > 20*time.Millisecond {
			left = 20 * time.Millisecond
		}
		t := time.NewTimer(left)
		select {
		case <-th.Ctx.Done():
			t.Stop()
		case <-t.C:
		}
	}
}

func (th *Thread) internalRealTime() int64 {
	return int64(time.Since(env(th.Img).start) / time.Microsecond)
}

func heapAllocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		return s[0].Value.Uint64()
	}
	return 0
}

// commas renders n with thousands separators, as SBCL's TIME and ROOM do.
func commas(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// timeCall implements TIME: it runs thunk, prints SBCL's report to
// *trace-output* and returns the thunk's values.
func (th *Thread) timeCall(thunk Value) Value {
	fn := th.Resolve(thunk)
	startReal := time.Now()
	startRun := processRunTime()
	startAlloc := heapAllocated()
	v := fn.Call(th, nil)
	vals := append([]Value(nil), th.MultipleValues(v)...)
	real := time.Since(startReal)
	endRun := processRunTime()
	user, sys := endRun.user-startRun.user, endRun.sys-startRun.sys
	total := user + sys
	consed := heapAllocated() - startAlloc
	cpu := 100.0
	if real > 0 {
		cpu = 100 * float64(total) / float64(real)
	}
	out := th.OutputStream(th.SymbolValue(th.Img.S.TraceOutput))
	var b strings.Builder
	if out.Column() > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("Evaluation took:\n")
	b.WriteString("  " + strconv.FormatFloat(real.Seconds(), 'f', 3, 64) + " seconds of real time\n")
	b.WriteString("  " + strconv.FormatFloat(total.Seconds(), 'f', 6, 64) + " seconds of total run time (" +
		strconv.FormatFloat(user.Seconds(), 'f', 6, 64) + " user, " + strconv.FormatFloat(sys.Seconds(), 'f', 6, 64) + " system)\n")
	b.WriteString("  " + strconv.FormatFloat(cpu, 'f', 2, 64) + "% CPU\n")
	b.WriteString("  " + commas(consed) + " bytes consed\n")
	out.WriteString(b.String())
	return th.Values(vals...)
}

// --- TRACE ---

// TracedFunction wraps a traced function: it prints each call and its
// values to *trace-output* the way SBCL does ("  0: (FOO 1 2)",
// "  0: FOO returned 3").
type TracedFunction struct {
	Name Value // a symbol or (SETF symbol)
	Orig Function
}

// Call implements Function.
func (t *TracedFunction) Call(th *Thread, args []Value) Value {
	st := env(th.Img)
	depth := 0
	if n, ok := th.SymbolValue(st.traceDepth).(Fixnum); ok {
		depth = int(n)
	}
	prefix := strings.Repeat(" ", 2*(depth+1)) + strconv.Itoa(depth) + ": "
	out := th.OutputStream(th.SymbolValue(th.Img.S.TraceOutput))
	line := func(s string) {
		if out.Column() > 0 {
			s = "\n" + s
		}
		out.WriteString(s + "\n")
	}
	line(prefix + th.printed(NewCons(t.Name, List(args...))))
	d := th.SpecialDepth()
	th.BindSpecial(st.traceDepth, MakeInt(int64(depth+1)))
	v := t.Orig.Call(th, args)
	vals := append([]Value(nil), th.MultipleValues(v)...)
	th.UnbindTo(d)
	var b strings.Builder
	b.WriteString(prefix + th.printed(t.Name) + " returned")
	for _, x := range vals {
		b.WriteString(" " + th.printed(x))
	}
	line(b.String())
	return th.Values(vals...)
}

// FunctionName implements Function.
func (t *TracedFunction) FunctionName() Value { return t.Orig.FunctionName() }

// LambdaList implements LambdaLister when the traced function does.
func (t *TracedFunction) LambdaList() Value {
	if l, ok := t.Orig.(LambdaLister); ok {
		return l.LambdaList()
	}
	return NIL
}

func (th *Thread) warn(control string, args ...Value) {
	th.Call(th.Img.CLSym("WARN"), append([]Value{NewString(control)}, args...)...)
}

// tracedNames lists the names still traced (redefinition drops tracing).
func (st *envState) tracedNames() []traceKey {
	var live []traceKey
	for _, k := range st.order {
		if t := st.traced[k]; t != nil && *k.cell() == Function(t) {
			live = append(live, k)
		} else {
			delete(st.traced, k)
		}
	}
	st.order = live
	return live
}

func (th *Thread) trace(names []Value) Value {
	st := env(th.Img)
	if len(names) == 0 {
		var b ListBuilder
		for _, k := range st.tracedNames() {
			b.Add(st.traced[k].Name)
		}
		return b.List()
	}
	var b ListBuilder
	for i := 0; i < len(names); i++ {
		if IsKeyword(names[i]) {
			i++ // trace options (:break, :report, ...) are accepted and ignored
			continue
		}
		s, setf := SplitFunctionName(th.Img, names[i])
		if s == nil {
			th.warn("~S is not a function name, not tracing.", names[i])
			continue
		}
		k := traceKey{s, setf}
		if *k.cell() == nil {
			th.warn("~S is undefined, not tracing.", names[i])
			continue
		}
		if !setf && (s.Macro != nil || s.Flags&FlagSpecialOperator != 0) {
			th.warn("~S names a macro or special operator, not tracing.", s)
			continue
		}
		st.tracedNames()
		if t := st.traced[k]; t != nil {
			th.warn("~S is already TRACE'd, untracing it first.", names[i])
			th.untraceOne(k)
		}
		t := &TracedFunction{Name: names[i], Orig: *k.cell()}
		*k.cell() = t
		st.traced[k] = t
		st.order = append(st.order, k)
		b.Add(names[i])
	}
	return b.List()
}

func (th *Thread) untraceOne(k traceKey) {
	st := env(th.Img)
	t := st.traced[k]
	if t == nil {
		return
	}
	if *k.cell() == Function(t) {
		*k.cell() = t.Orig
	}
	delete(st.traced, k)
	for i, x := range st.order {
		if x == k {
			st.order = append(st.order[:i:i], st.order[i+1:]...)
			break
		}
	}
}

func (th *Thread) untrace(names []Value) Value {
	st := env(th.Img)
	if len(names) == 0 {
		for _, k := range append([]traceKey(nil), st.order...) {
			th.untraceOne(k)
		}
		return T
	}
	for _, n := range names {
		if s, setf := SplitFunctionName(th.Img, n); s != nil {
			th.untraceOne(traceKey{s, setf})
		}
	}
	return T
}

// --- APROPOS ---

func (th *Thread) aproposList(args []Value) []*Symbol {
	query := strings.ToUpper(string(th.StringDesignator(args[0])))
	var pkgs []*Package
	var pkg *Package
	if p := Opt(args, 1); p != NIL {
		pkg = th.packageArg(p)
		pkgs = []*Package{pkg}
	} else {
		pkgs = th.Img.Packages()
	}
	seen := map[*Symbol]bool{}
	var out []*Symbol
	add := func(s *Symbol) {
		if !seen[s] && strings.Contains(strings.ToUpper(s.Name), query) {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, p := range pkgs {
		for _, s := range p.PresentSymbols() {
			add(s)
		}
		if pkg != nil {
			for _, u := range p.Use {
				for _, s := range u.ExternalSymbols() {
					if f, _ := p.FindSymbol(s.Name); f == s {
						add(s)
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		pi, pj := th.Img.HomePackage(out[i]), th.Img.HomePackage(out[j])
		return pi != nil && pj != nil && pi.Name < pj.Name
	})
	return out
}

func (th *Thread) packageArg(v Value) *Package {
	if p, ok := v.(*Package); ok {
		return p
	}
	name := string(th.StringDesignator(v))
	p := th.Img.FindPackage(name)
	if p == nil {
		th.PackageError(v, "The name \""+name+"\" does not designate any package.")
	}
	return p
}

func (th *Thread) apropos(args []Value) {
	out := th.OutputStream(NIL)
	var b strings.Builder
	for i, s := range th.aproposList(args) {
		if i&255 == 0 {
			th.Tick()
		}
		b.WriteString(th.printed(s))
		if s.Value != nil && s.Flags&FlagSymbolMacro == 0 {
			switch s.Value.(type) {
			case Fixnum, Char, *Symbol, SingleFloat, DoubleFloat:
				b.WriteString(" = " + th.printed(s.Value))
			default:
				b.WriteString(" (bound, " + th.printed(th.TypeOf(s.Value)) + ")")
			}
		}
		if s.Fn != nil || s.Macro != nil {
			b.WriteString(" (fbound)")
		}
		b.WriteByte('\n')
	}
	out.WriteString(b.String())
}

// --- interaction ---

// queryIO returns *query-io* as a stream.
func (th *Thread) queryIO() Stream { return th.OutputStream(th.SymbolValue(th.Img.S.QueryIO)) }

// askQuery implements Y-OR-N-P and YES-OR-NO-P.
func (th *Thread) askQuery(fname string, args []Value, yes, no string) Value {
	s := th.queryIO()
	prompt := " (" + yes + " or " + no + ") "
	for {
		if len(args) > 0 && args[0] != NIL {
			if s.Column() > 0 {
				s.WriteString("\n")
			}
			th.Call(th.Img.CLSym("FORMAT"), append([]Value{s}, args...)...)
		}
		s.WriteString(prompt)
		var line []rune
		got := false
		for {
			r, ok := s.ReadChar()
			if !ok {
				break
			}
			got = true
			if r == '\n' {
				break
			}
			line = append(line, r)
			th.Tick()
		}
		if !got {
			th.Error(th.MakeCondition("GOLEM:SIMPLE-STREAM-ERROR", th.Img.Kw("STREAM"), s,
				th.Img.Kw("FORMAT-CONTROL"),
				NewString("~A: no interactive input available: *QUERY-IO* has nothing to read in this session, so the question cannot be answered. Decide in the program instead of asking."),
				th.Img.Kw("FORMAT-ARGUMENTS"), List(NewString(fname))))
		}
		answer := strings.ToLower(strings.TrimSpace(string(line)))
		if yes == "y" {
			if strings.HasPrefix(answer, "y") {
				return T
			}
			if strings.HasPrefix(answer, "n") {
				return NIL
			}
		} else {
			switch answer {
			case "yes":
				return T
			case "no":
				return NIL
			}
		}
		s.WriteString("Please type \"" + yes + "\" for yes or \"" + no + "\" for no.\n")
	}
}

// --- site and machine ---

func machineType() string {
	switch goruntime.GOARCH {
	case "amd64":
		return "X86-64"
	case "386":
		return "X86"
	case "arm64":
		return "ARM64"
	case "arm":
		return "ARM"
	case "wasm":
		return "WASM32"
	}
	return strings.ToUpper(goruntime.GOARCH)
}

func softwareType() string {
	switch goruntime.GOOS {
	case "linux":
		return "Linux"
	case "darwin":
		return "Darwin"
	case "windows":
		return "Win32"
	case "freebsd":
		return "FreeBSD"
	case "js":
		return "JavaScript"
	}
	return strings.ToUpper(goruntime.GOOS[:1]) + goruntime.GOOS[1:]
}

// hostInfo reads a host fact for unrestricted images; sandboxed sessions
// get NIL so they learn nothing about the host.
func (th *Thread) hostInfo(read func() string) Value {
	if th.Img.Sandbox {
		return NIL
	}
	if s := read(); s != "" {
		return NewString(s)
	}
	return NIL
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func osRelease() string {
	data, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// UserHomedirPathname returns the home directory as a pathname: the real
// one for unrestricted images, ~/ (not resolvable by the sandbox) otherwise.
func (th *Thread) UserHomedirPathname() *Pathname {
	if !th.Img.Sandbox {
		if h, err := os.UserHomeDir(); err == nil && h != "" {
			return ParseNativePath(th.Img, h, true)
		}
	}
	p := emptyPathname()
	p.Directory = List(th.Img.Kw("ABSOLUTE"), th.Img.Kw("HOME"))
	return p
}

func (th *Thread) room() {
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	out := th.OutputStream(NIL)
	var b strings.Builder
	b.WriteString("Dynamic space usage is:   " + commas(ms.HeapAlloc) + " bytes.\n")
	b.WriteString("Heap objects:             " + commas(ms.HeapObjects) + ".\n")
	b.WriteString("Memory obtained from OS:  " + commas(ms.Sys) + " bytes.\n")
	b.WriteString("Garbage collections:      " + commas(uint64(ms.NumGC)) + ".\n")
	b.WriteString("Control stack depth:      " + strconv.Itoa(th.CallDepth()) + " frames.\n")
	b.WriteString("Garbage collection is currently enabled.\n")
	out.WriteString(b.String())
}

func (th *Thread) disassemble(v Value) {
	var name Value = v
	var fn Function
	switch x := v.(type) {
	case *Symbol:
		if x.Fn == nil && x.Macro == nil {
			th.UndefinedFunction(x)
		}
		fn = x.Fn
		if fn == nil {
			fn = x.Macro
		}
	case Function:
		fn = x
		name = x.FunctionName()
	default:
		if l, ok := v.(*Cons); ok && l.Car == th.Img.S.Lambda {
			name = NewString("a lambda expression")
			break
		}
		if s, setf := SplitFunctionName(th.Img, v); setf {
			if s.Setf == nil {
				th.UndefinedFunction(v)
			}
			fn = s.Setf
			break
		}
		// CLHS DISASSEMBLE: an extended function designator or a lambda
		// expression.
		th.TypeError(v, List(th.Img.S.Or, th.Img.CLSym("FUNCTION"), FunctionNameType(th.Img)))
	}
	what := "is compiled to a tree of Go closures"
	if _, ok := fn.(*Builtin); ok {
		what = "is a built-in function implemented in Go"
	}
	text := "; disassembly for " + th.printed(name) + "\n; golem has no machine code to show: " +
		th.printed(name) + " " + what + ".\n"
	if _, ok := name.(*String); ok {
		text = "; golem has no machine code to show: " + name.(*String).String() + " " + what + ".\n"
	}
	th.OutputStream(NIL).WriteString(text)
}

// --- builtins ---

func envDefs() []Def {
	return []Def{
		{Name: "GET-UNIVERSAL-TIME", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(time.Now().Unix() + unixToUniversal)
		}},
		{Name: "DECODE-UNIVERSAL-TIME", Min: 1, Max: 2, MV: true, Params: "(UNIVERSAL-TIME &OPTIONAL TIME-ZONE)",
			Fn: func(th *Thread, args []Value) Value { return th.decodeUniversalTime(args[0], Opt(args, 1)) }},
		{Name: "GET-DECODED-TIME", Min: 0, Max: 0, MV: true, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return th.decodeUniversalTime(MakeInt(time.Now().Unix()+unixToUniversal), NIL)
		}},
		{Name: "ENCODE-UNIVERSAL-TIME", Min: 6, Max: 7, Params: "(SECOND MINUTE HOUR DATE MONTH YEAR &OPTIONAL TIME-ZONE)",
			Fn: func(th *Thread, args []Value) Value { return th.encodeUniversalTime(args) }},
		{Name: "GET-INTERNAL-REAL-TIME", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(th.internalRealTime())
		}},
		{Name: "GET-INTERNAL-RUN-TIME", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			r := processRunTime()
			return MakeInt(int64((r.user + r.sys) / time.Microsecond))
		}},
		{Name: "SLEEP", Min: 1, Max: 1, Params: "(SECONDS)", Fn: func(th *Thread, args []Value) Value {
			secs := th.sleepSeconds(args[0])
			if secs > 1e9 {
				secs = 1e9
			}
			th.Sleep(time.Duration(secs * float64(time.Second)))
			return NIL
		}},
		{Name: "GOLEM:%TIME", Min: 1, Max: 1, MV: true, Params: "(THUNK)", Fn: func(th *Thread, args []Value) Value {
			return th.timeCall(args[0])
		}},
		{Name: "ROOM", Min: 0, Max: 1, MV: true, Params: "(&OPTIONAL (VERBOSITY :DEFAULT))", Fn: func(th *Thread, args []Value) Value {
			th.room()
			return th.Values()
		}},
		{Name: "LISP-IMPLEMENTATION-TYPE", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return NewString("golem")
		}},
		{Name: "LISP-IMPLEMENTATION-VERSION", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return NewString(LispImplementationVersion)
		}},
		{Name: "MACHINE-TYPE", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return NewString(machineType())
		}},
		{Name: "MACHINE-VERSION", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return th.hostInfo(cpuModel)
		}},
		{Name: "MACHINE-INSTANCE", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return th.hostInfo(func() string { h, _ := os.Hostname(); return h })
		}},
		{Name: "SOFTWARE-TYPE", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return NewString(softwareType())
		}},
		{Name: "SOFTWARE-VERSION", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return th.hostInfo(osRelease)
		}},
		{Name: "SHORT-SITE-NAME", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value { return NIL }},
		{Name: "LONG-SITE-NAME", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value { return NIL }},
		{Name: "USER-HOMEDIR-PATHNAME", Min: 0, Max: 1, Params: "(&OPTIONAL HOST)", Fn: func(th *Thread, args []Value) Value {
			return th.UserHomedirPathname()
		}},
		{Name: "APROPOS-LIST", Min: 1, Max: 2, Params: "(STRING-DESIGNATOR &OPTIONAL PACKAGE)",
			Fn: func(th *Thread, args []Value) Value {
				var b ListBuilder
				for _, s := range th.aproposList(args) {
					b.Add(s)
				}
				return b.List()
			}},
		{Name: "APROPOS", Min: 1, Max: 2, MV: true, Params: "(STRING-DESIGNATOR &OPTIONAL PACKAGE)",
			Fn: func(th *Thread, args []Value) Value {
				th.apropos(args)
				return th.Values()
			}},
		{Name: "Y-OR-N-P", Min: 0, Max: -1, Params: "(&OPTIONAL FORMAT-STRING &REST ARGUMENTS)", Fn: func(th *Thread, args []Value) Value {
			return th.askQuery("Y-OR-N-P", args, "y", "n")
		}},
		{Name: "YES-OR-NO-P", Min: 0, Max: -1, Params: "(&OPTIONAL FORMAT-STRING &REST ARGUMENTS)", Fn: func(th *Thread, args []Value) Value {
			return th.askQuery("YES-OR-NO-P", args, "yes", "no")
		}},
		{Name: "ED", Min: 0, Max: 1, Params: "(&OPTIONAL X)", Fn: func(th *Thread, args []Value) Value {
			th.SimpleError("ED is not available: a golem session has no editor. Write the definition with DEFUN (or edit the file and LOAD it) instead.")
			return NIL
		}},
		{Name: "INSPECT", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			th.SimpleError("INSPECT is interactive and not available in a golem session; use DESCRIBE to see ~S.", args[0])
			return NIL
		}},
		{Name: "DRIBBLE", Min: 0, Max: 1, Params: "(&OPTIONAL PATHNAME)", Fn: func(th *Thread, args []Value) Value {
			if len(args) == 0 {
				th.SimpleError("not currently dribbling")
			}
			th.SimpleError("DRIBBLE is not available: a golem session has no interactive transcript to record.")
			return NIL
		}},
		{Name: "DISASSEMBLE", Min: 1, Max: 1, Params: "(FN)", Fn: func(th *Thread, args []Value) Value {
			th.disassemble(args[0])
			return NIL
		}},
		{Name: "GOLEM:%TRACE", Min: 1, Max: 1, Params: "(NAMES)", Fn: func(th *Thread, args []Value) Value {
			return th.trace(ListToSlice(args[0]))
		}},
		{Name: "GOLEM:%UNTRACE", Min: 1, Max: 1, Params: "(NAMES)", Fn: func(th *Thread, args []Value) Value {
			return th.untrace(ListToSlice(args[0]))
		}},
	}
}

// defMacro installs a Go macro expander (FORM ENV) on a COMMON-LISP symbol.
func defMacro(img *Image, name, params string, expand func(th *Thread, form *Cons) Value) {
	sym := img.CLSym(name)
	sym.Macro = &Builtin{Name: sym, Min: 2, Max: 2, Params: params, Fn: func(th *Thread, args []Value) Value {
		form, _ := args[0].(*Cons)
		if form == nil {
			th.ProgramError("bad macro call")
		}
		return expand(th, form)
	}}
}

// splitDeclarations separates leading DECLARE forms from a body.
func splitDeclarations(img *Image, body []Value) (decls, forms []Value) {
	i := 0
	for i < len(body) {
		c, ok := body[i].(*Cons)
		if !ok || c.Car != img.S.Declare {
			break
		}
		i++
	}
	return body[:i], body[i:]
}

func installEnvMacros(img *Image) {
	c := img.CLSym
	golem := func(n string) *Symbol { return img.Intern("GOLEM", n) }
	defMacro(img, "TIME", "(FORM)", func(th *Thread, form *Cons) Value {
		args := ListToSlice(form.Cdr)
		if len(args) != 1 {
			th.ProgramError("TIME takes exactly one form")
		}
		return List(golem("%TIME"), List(img.S.Function, List(img.S.Lambda, NIL, args[0])))
	})
	defMacro(img, "TRACE", "(&REST SPECS)", func(th *Thread, form *Cons) Value {
		return List(golem("%TRACE"), List(img.S.Quote, form.Cdr))
	})
	defMacro(img, "UNTRACE", "(&REST SPECS)", func(th *Thread, form *Cons) Value {
		return List(golem("%UNTRACE"), List(img.S.Quote, form.Cdr))
	})
	defMacro(img, "STEP", "(FORM)", func(th *Thread, form *Cons) Value {
		args := ListToSlice(form.Cdr)
		if len(args) != 1 {
			th.ProgramError("STEP takes exactly one form")
		}
		return args[0]
	})
	defMacro(img, "WITH-OPEN-FILE", "((STREAM FILESPEC &REST OPTIONS) &BODY BODY)", func(th *Thread, form *Cons) Value {
		rest, _ := form.Cdr.(*Cons)
		if rest == nil {
			th.ProgramError("WITH-OPEN-FILE needs (STREAM FILESPEC &REST OPTIONS)")
		}
		spec, ok := rest.Car.(*Cons)
		if !ok {
			th.ProgramError("WITH-OPEN-FILE needs (STREAM FILESPEC &REST OPTIONS), got " + th.printed(rest.Car))
		}
		parts := ListToSlice(spec)
		v, isSym := parts[0].(*Symbol)
		if !isSym || len(parts) < 2 {
			th.ProgramError("WITH-OPEN-FILE needs (STREAM FILESPEC &REST OPTIONS), got " + th.printed(spec))
		}
		decls, body := splitDeclarations(img, ListToSlice(rest.Cdr))
		abort := NewSymbol("ABORTP")
		open := NewCons(c("OPEN"), List(parts[1:]...))
		protected := List(c("MULTIPLE-VALUE-PROG1"), NewCons(img.S.Progn, List(body...)),
			List(c("SETQ"), abort, NIL))
		cleanup := List(c("WHEN"), v, List(c("CLOSE"), v, img.Kw("ABORT"), abort))
		letBody := append(append([]Value(nil), decls...), List(c("UNWIND-PROTECT"), protected, cleanup))
		return ListStar(List(letBody...), c("LET"), List(List(v, open), List(abort, T)))
	})
}

func init() {
	Register(envDefs()...)
	RegisterSetup(45, func(img *Image) {
		env(img)
		sym := img.CLSym("INTERNAL-TIME-UNITS-PER-SECOND")
		sym.Value = MakeInt(InternalTimeUnitsPerSecond)
		sym.Flags |= FlagConstant | FlagSpecial
		installEnvMacros(img)
	})
}
