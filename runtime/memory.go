package runtime

import (
	"fmt"
	goruntime "runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Memory accounting.
//
// Each evaluation is charged, before the allocation is made, for every
// allocation whose size the program chooses (CheckAlloc), and is estimated
// for the small objects it makes (its share of what the process allocated
// and nobody charged exactly). Limits.MaxMemory bounds:
//
//   - one allocation;
//   - what one evaluation keeps alive: whenever a collection has measured
//     the live heap, its growth since the evaluation's lowest sample
//     (counted at most as what the evaluation allocated) may not pass the
//     limit. Allocating the limit since the last collection forces one.
//
// A Governor, shared by the interpreters of one process, adds a ceiling on
// the process's heap: when the heap nears it, the running evaluation that
// allocated most since the last collection gets the STORAGE-CONDITION, and
// an evaluation that allocated little never does.

// Governor shares the memory of one process among the evaluations running
// in it. Whoever owns the process makes one (NewGovernor) and passes it to
// every interpreter; an interpreter made without one gets its own, without
// a ceiling. Safe for concurrent use.
type Governor struct {
	ceiling int64

	mu      sync.Mutex
	running map[*memAccount]struct{}
	// nrunning is len(running), read without the lock.
	nrunning atomic.Int64
	// charged counts the bytes charged by all its evaluations, so that
	// estimates of small objects leave out what was charged exactly.
	charged atomic.Int64
	// lastForced is when a collection was last forced near the ceiling,
	// so that evaluations near it do not collect over and over.
	lastForced time.Time
}

// NewGovernor makes a governor whose evaluations together keep the live
// heap under ceiling bytes (0: no process ceiling).
func NewGovernor(ceiling int64) *Governor {
	if ceiling < 0 {
		ceiling = 0
	}
	return &Governor{ceiling: ceiling, running: map[*memAccount]struct{}{}}
}

// Ceiling returns the process heap ceiling in bytes (0 when there is none).
func (g *Governor) Ceiling() int64 { return g.ceiling }

// SetProcessLimit makes the ceiling the Go runtime's memory limit
// (runtime/debug.SetMemoryLimit), so that the collector works harder as
// the heap nears it. It changes process-wide state: only the owner of the
// process (a server's main function) may call it.
func (g *Governor) SetProcessLimit() {
	if g.ceiling > 0 {
		debug.SetMemoryLimit(g.ceiling)
	}
}

// memAccount is one running evaluation's memory account.
type memAccount struct {
	gov *Governor
	// since counts bytes charged and estimated since the collection
	// numbered cycle; the governor reads it from other goroutines.
	since atomic.Int64
	cycle uint64
	// total counts bytes charged and estimated since the evaluation began.
	total int64
	// baseLive is the live heap when the evaluation began.
	baseLive int64
	// lastAllocs is the process's cumulative allocation at the last
	// sample, and lastCharged the governor's charged count then.
	lastAllocs  uint64
	lastCharged int64
	// ownCharged counts bytes charged since the last sample, for an
	// account without a governor.
	ownCharged int64
	// blamed asks the evaluation to signal a STORAGE-CONDITION: the
	// governor chose it as the one to stop near the ceiling.
	blamed atomic.Bool
}

// heapStats is one reading of the runtime's heap metrics.
type heapStats struct {
	live, objects, allocs, cycles uint64
}

func readHeap() heapStats {
	s := [4]metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	metrics.Read(s[:])
	var h heapStats
	for i, p := range []*uint64{&h.live, &h.objects, &h.allocs, &h.cycles} {
		if s[i].Value.Kind() == metrics.KindUint64 {
			*p = s[i].Value.Uint64()
		}
	}
	return h
}

// BeginMemory opens th's memory account with g for one evaluation; call
// EndMemory when it ends. A thread without an account is still bounded by
// its MaxMemory, per allocation and between collections.
func (th *Thread) BeginMemory(g *Governor) {
	h := readHeap()
	a := &memAccount{gov: g, cycle: h.cycles, baseLive: int64(h.live), lastAllocs: h.allocs}
	th.mem = a
	if g != nil {
		a.lastCharged = g.charged.Load()
		g.mu.Lock()
		g.running[a] = struct{}{}
		g.nrunning.Store(int64(len(g.running)))
		g.mu.Unlock()
	}
}

// EndMemory closes th's memory account.
func (th *Thread) EndMemory() {
	a := th.mem
	if a == nil {
		return
	}
	th.mem = nil
	if a.gov != nil {
		a.gov.mu.Lock()
		delete(a.gov.running, a)
		a.gov.nrunning.Store(int64(len(a.gov.running)))
		a.gov.mu.Unlock()
	}
}

// account returns th's memory account, opening one without a governor
// for threads that run outside an evaluation's BeginMemory.
func (th *Thread) account() *memAccount {
	if th.mem == nil {
		th.BeginMemory(nil)
	}
	return th.mem
}

func (th *Thread) memLimit() int64 {
	if th.Limits.MaxMemory > 0 {
		return th.Limits.MaxMemory
	}
	return DefaultMaxAlloc
}

// chargeMemory accounts for n bytes about to be allocated (n <= limit) and
// signals a STORAGE-CONDITION when the evaluation or the process cannot
// afford them.
func (th *Thread) chargeMemory(n int64) {
	a := th.account()
	limit := th.memLimit()
	a.total += n
	since := a.since.Add(n)
	g := a.gov
	if g != nil {
		g.charged.Add(n)
	} else {
		a.ownCharged += n
	}
	if since <= limit && (g == nil || g.ceiling == 0 || n < g.ceiling/64) && !a.blamed.Load() {
		return
	}
	th.sampleMemory(n)
}

// sampleMemory brings th's account up to date with the runtime's heap
// metrics and enforces the limits; pending is the size of an allocation
// about to be made (0 from the periodic check).
func (th *Thread) sampleMemory(pending int64) {
	a := th.account()
	limit := th.memLimit()
	h := readHeap()
	if a.estimate(h) {
		// A collection ended since the last sample: the live heap is fresh.
		th.checkGrowth(a, h, pending)
	}
	if a.blamed.Load() {
		a.blamed.Store(false)
		a.since.Store(0)
		th.heapExhausted(fmt.Sprintf("Heap exhausted: the process's memory is nearly full (%d MiB live, ceiling %d MiB) and this evaluation allocated the most since the last collection.",
			h.live>>20, a.gov.ceiling>>20))
	}
	if a.since.Load() > limit {
		// The evaluation allocated its limit since the last collection:
		// collect, then see how much of it stayed alive.
		goruntime.GC()
		h = readHeap()
		a.newCycle(h)
		th.checkGrowth(a, h, pending)
		a.since.Store(pending)
	}
	if g := a.gov; g != nil && g.ceiling > 0 {
		g.enforce(th, a, h, pending)
	}
}

// checkGrowth signals a STORAGE-CONDITION when the live heap (just
// measured by a collection) has grown since the evaluation's lowest sample
// by more than its limit, less pending bytes about to be allocated. The
// growth is counted at most as what the evaluation itself allocated, so
// that what other evaluations keep is not blamed on it.
func (th *Thread) checkGrowth(a *memAccount, h heapStats, pending int64) {
	limit := th.memLimit()
	a.baseLive = min(a.baseLive, int64(h.live))
	grown := min(int64(h.live)-a.baseLive, a.total)
	if grown+pending > limit {
		a.total = 0
		a.baseLive = int64(h.live)
		a.since.Store(0)
		th.heapExhausted(fmt.Sprintf("Heap exhausted: this evaluation keeps about %d MiB alive, and %d more bytes would pass the limit of %d MiB.",
			grown>>20, pending, limit>>20))
	}
}

// estimate charges a its share of the small objects the process made
// since the last sample (what was not charged exactly, shared equally
// among the governor's running evaluations), and starts a new count after
// a collection, reporting whether one ended since the last sample.
func (a *memAccount) estimate(h heapStats) bool {
	if h.allocs > a.lastAllocs {
		est := int64(h.allocs - a.lastAllocs)
		if g := a.gov; g != nil {
			charged := g.charged.Load()
			est = max(est-(charged-a.lastCharged), 0) / max(g.nrunning.Load(), 1)
			a.lastCharged = charged
		} else {
			est = max(est-a.ownCharged, 0)
		}
		a.total += est
		a.since.Add(est)
	}
	a.lastAllocs, a.ownCharged = h.allocs, 0
	if h.cycles != a.cycle {
		a.newCycle(h)
		return true
	}
	return false
}

func (a *memAccount) newCycle(h heapStats) {
	a.cycle = h.cycles
	a.since.Store(0)
}

// enforce keeps the process under the governor's ceiling: when the heap
// with pending more bytes would pass nine tenths of it, the running
// evaluation that allocated most since the last collection is blamed if
// the live heap is still that high (collecting first, at most every 50ms,
// when only garbage may be in the way). An evaluation that allocated less
// than a 32nd of the ceiling is never blamed, and when no evaluation
// allocated that much nothing is collected either: the Go memory limit
// (SetProcessLimit) collects as needed.
func (g *Governor) enforce(th *Thread, a *memAccount, h heapStats, pending int64) {
	high := g.ceiling / 10 * 9
	if int64(h.objects)+pending <= high {
		return
	}
	// Choose before collecting: a collection starts new counts.
	g.mu.Lock()
	var victim *memAccount
	var most int64
	for b := range g.running {
		if s := b.since.Load(); s > most {
			victim, most = b, s
		}
	}
	if a.since.Load() == most {
		victim = a // on a tie, the evaluation asking
	}
	force := false
	if most >= g.ceiling/32 && int64(h.live)+pending <= high && time.Since(g.lastForced) > 50*time.Millisecond {
		force = true
		g.lastForced = time.Now()
	}
	g.mu.Unlock()
	if victim == nil || most < g.ceiling/32 {
		return
	}
	if force {
		goruntime.GC()
		h = readHeap()
		a.newCycle(h)
	}
	if int64(h.live)+pending <= high {
		return
	}
	if victim != a {
		victim.blamed.Store(true)
		return
	}
	a.since.Store(0)
	th.heapExhausted(fmt.Sprintf("Heap exhausted: the process's memory is nearly full (%d MiB live, ceiling %d MiB) and this evaluation allocated the most since the last collection.",
		h.live>>20, g.ceiling>>20))
}

// heapExhausted signals a STORAGE-CONDITION for memory.
func (th *Thread) heapExhausted(msg string) {
	th.StorageCondition(msg)
}

// memBlamed reports whether the governor chose th's evaluation to stop.
func (th *Thread) memBlamed() bool { return th.mem != nil && th.mem.blamed.Load() }

// chargeElements charges th for a fresh sequence of n elements like seq's:
// characters take 4 bytes, bits 1, other vector elements 16, conses 32.
func (th *Thread) chargeElements(seq Value, n int) {
	size := int64(16)
	switch seq.(type) {
	case *String:
		size = 4
	case *BitVector:
		size = 1
	case *Cons:
		size = 32
	}
	th.CheckAlloc(int64(max(n, 0)) * size)
}
