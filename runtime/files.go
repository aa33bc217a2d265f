package runtime

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math/big"
	"math/rand/v2"
	"os"
	"os/user"
	"path"
	"path/filepath"
	"reflect"
	goruntime "runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// nativePath renders p as a host file name: no escapes, ~ expanded. Wild
// pathnames are refused.
func (th *Thread) nativePath(p *Pathname, verb string) string {
	if p.IsLogical() {
		p = th.TranslateLogical(p)
	}
	th.checkDirectoryUse(p)
	if p.IsWild() {
		th.fileError(p, "cannot ~A ~S: it is a wild pathname.", NewString(verb), p)
	}
	parts, absolute, ok := directoryParts(p.Directory)
	if !ok {
		th.fileError(p, "~S has no namestring", p)
	}
	var b strings.Builder
	if absolute {
		if len(parts) > 0 && kwName(parts[0]) == "HOME" {
			home, _ := os.UserHomeDir()
			b.WriteString(strings.TrimRight(home, "/"))
			parts = parts[1:]
		}
		b.WriteByte('/')
	}
	for _, e := range parts {
		switch x := e.(type) {
		case *String:
			b.WriteString(x.String())
		default:
			if kwName(x) == "UP" {
				b.WriteString("..")
			}
		}
		b.WriteByte('/')
	}
	if s, ok := p.Name.(*String); ok {
		b.WriteString(s.String())
	}
	if s, ok := p.Type.(*String); ok {
		b.WriteByte('.')
		b.WriteString(s.String())
	}
	out := b.String()
	if out == "" {
		return "."
	}
	return out
}

// fileError signals a FILE-ERROR (GOLEM:SIMPLE-FILE-ERROR) about pathname.
func (th *Thread) fileError(pathname Value, control string, args ...Value) {
	th.Error(th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", th.Img.Kw("PATHNAME"), pathname,
		th.Img.Kw("FORMAT-CONTROL"), NewString(control), th.Img.Kw("FORMAT-ARGUMENTS"), List(args...)))
}

// osErrText renders an OS error the way strerror does ("No such file or directory").
func osErrText(err error) string {
	var errno syscall.Errno
	var msg string
	switch {
	case errors.As(err, &errno):
		msg = errno.Error()
	case errors.Is(err, fs.ErrNotExist):
		msg = "no such file or directory"
	case errors.Is(err, fs.ErrExist):
		msg = "file exists"
	case errors.Is(err, fs.ErrPermission):
		msg = "permission denied"
	default:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			msg = pe.Err.Error()
		} else {
			msg = err.Error()
		}
	}
	if msg == "" {
		return msg
	}
	r, n := utf8.DecodeRuneInString(msg)
	return strings.ToUpper(string(r)) + msg[n:]
}

// mergedPathname merges a pathname designator with *default-pathname-defaults*.
func (th *Thread) mergedPathname(v Value) *Pathname {
	return th.MergePathnames(th.PathnameDesignator(v), th.DefaultPathnameDefaults(), th.Img.Kw("NEWEST"))
}

// --- file streams ---

const fileBufSize = 64 << 10

// FileStream is a stream over a file (OPEN). Character streams encode text as
// UTF-8 or Latin-1; binary streams move integers of 8 to 64 bits, little-endian.
type FileStream struct {
	pathname *Pathname
	host     string  // host path ("" for a file of the embedder's fs.FS)
	loc      fileLoc // where host is reached
	fsName   string

	f  *os.File
	ra io.ReaderAt

	in, out  bool
	binary   bool
	signed   bool
	elemSize int // bytes per element (1 for characters)
	latin1   bool
	elemType Value
	format   Value

	pos, size int64
	rmem      []byte
	rbuf      []byte
	rstart    int64
	wbuf      []byte
	wstart    int64
	lastRead  int
	col       int

	closed, probe bool
	created       bool   // the file was created by OPEN: abort deletes it
	tmp, target   string // :supersede writes tmp and renames it over target on close (names for loc.ops)
	backup        string // :rename keeps the old file here; abort restores it (a name for loc.ops)
	err           error
	cursor        lineCursor // converts offsets to lines for reader errors (srcloc.go)
}

// LispType implements LispTyped.
func (s *FileStream) LispType() string { return "FILE-STREAM" }

// Pathname returns the pathname the stream was opened with.
func (s *FileStream) Pathname() *Pathname { return s.pathname }

// HostPath returns the host file the stream reads or writes ("" for an fs.FS file).
func (s *FileStream) HostPath() string { return s.host }

// IsBinary reports whether the stream's elements are integers.
func (s *FileStream) IsBinary() bool { return s.binary }

// IsOpen reports whether the stream is open (OPEN-STREAM-P).
func (s *FileStream) IsOpen() bool { return !s.closed }

// IsInput implements Stream.
func (s *FileStream) IsInput() bool { return s.in }

// IsOutput implements Stream.
func (s *FileStream) IsOutput() bool { return s.out }

// Column implements Stream.
func (s *FileStream) Column() int {
	if !s.out {
		return -1
	}
	return s.col
}

// PrintLisp prints the stream as SBCL does: #<SB-SYS:FD-STREAM for "file /x" {...}>.
func (s *FileStream) PrintLisp(th *Thread, out Stream) {
	if th.SymbolValue(th.Img.S.PrintReadably) != NIL {
		th.Error(th.MakeCondition("PRINT-NOT-READABLE", th.Img.Kw("OBJECT"), s))
	}
	name := s.HostPath()
	if name == "" {
		name = s.fsName
	}
	prefix := "#<FD-STREAM"
	if th.SymbolValue(th.Img.S.PrintEscape) != NIL {
		prefix = "#<SB-SYS:FD-STREAM"
	}
	out.WriteString(prefix + " for " + quoteLispString("file "+name) + " {...}>")
}

func (s *FileStream) flush() {
	if len(s.wbuf) == 0 || s.f == nil {
		s.wbuf = s.wbuf[:0]
		return
	}
	if _, err := s.f.WriteAt(s.wbuf, s.wstart); err != nil && s.err == nil {
		s.err = err
	}
	s.wbuf = s.wbuf[:0]
}

func (s *FileStream) byteAt(pos int64) (byte, bool) {
	if pos >= s.rstart && pos < s.rstart+int64(len(s.rbuf)) {
		return s.rbuf[pos-s.rstart], true
	}
	if s.ra == nil {
		return 0, false
	}
	s.flush()
	if s.rmem == nil {
		s.rmem = make([]byte, fileBufSize)
	}
	n, _ := s.ra.ReadAt(s.rmem, pos)
	s.rbuf, s.rstart = s.rmem[:n], pos
	if n == 0 {
		return 0, false
	}
	return s.rbuf[0], true
}

func (s *FileStream) writeBytes(b []byte) {
	if len(s.wbuf) > 0 && s.wstart+int64(len(s.wbuf)) != s.pos {
		s.flush()
	}
	if len(s.wbuf) == 0 {
		s.wstart = s.pos
	}
	s.wbuf = append(s.wbuf, b...)
	end := s.pos + int64(len(b))
	if len(s.rbuf) > 0 && s.rstart < end && s.pos < s.rstart+int64(len(s.rbuf)) {
		s.rbuf = s.rbuf[:0]
	}
	s.pos = end
	if end > s.size {
		s.size = end
	}
	if len(s.wbuf) >= fileBufSize {
		s.flush()
	}
}

// ReadChar implements Stream: the next character (or octet, on a binary stream).
func (s *FileStream) ReadChar() (rune, bool) {
	if s.closed || !s.in {
		return 0, false
	}
	b0, ok := s.byteAt(s.pos)
	if !ok {
		return 0, false
	}
	if s.binary || s.latin1 || b0 < utf8.RuneSelf {
		s.pos++
		s.lastRead = 1
		return rune(b0), true
	}
	var buf [utf8.UTFMax]byte
	buf[0] = b0
	n := 1
	for n < utf8.UTFMax && !utf8.FullRune(buf[:n]) {
		b, ok := s.byteAt(s.pos + int64(n))
		if !ok {
			break
		}
		buf[n] = b
		n++
	}
	r, size := utf8.DecodeRune(buf[:n])
	s.pos += int64(size)
	s.lastRead = size
	return r, true
}

// UnreadChar implements Stream.
func (s *FileStream) UnreadChar(rune) {
	if s.lastRead > 0 {
		s.pos -= int64(s.lastRead)
		s.lastRead = 0
	}
}

// WriteString implements Stream. On a binary stream each rune is one element.
func (s *FileStream) WriteString(str string) {
	if s.closed || !s.out {
		return
	}
	s.lastRead = 0
	if s.binary {
		for _, r := range str {
			s.writeElementBits(uint64(r))
		}
		return
	}
	if s.latin1 {
		b := make([]byte, 0, len(str))
		for _, r := range str {
			if r > 0xFF {
				r = '?'
			}
			b = append(b, byte(r))
		}
		s.writeBytes(b)
	} else {
		s.writeBytes([]byte(str))
	}
	if i := strings.LastIndexByte(str, '\n'); i >= 0 {
		s.col = utf8.RuneCountInString(str[i+1:])
	} else {
		s.col += utf8.RuneCountInString(str)
	}
}

func (s *FileStream) writeElementBits(u uint64) {
	var buf [8]byte
	for i := 0; i < s.elemSize; i++ {
		buf[i] = byte(u >> (8 * i))
	}
	s.writeBytes(buf[:s.elemSize])
}

// BinaryIn reports whether the stream reads integer elements (READ-BYTE).
func (s *FileStream) BinaryIn(*Thread) bool { return s.binary && s.in }

// BinaryOut reports whether the stream writes integer elements (WRITE-BYTE).
func (s *FileStream) BinaryOut(*Thread) bool { return s.binary && s.out }

// ElementType is the element type the stream was opened with, upgraded
// (STREAM-ELEMENT-TYPE).
func (s *FileStream) ElementType(*Thread) Value { return s.elemType }

// ReadElement reads one integer element of a binary stream; ok is false at end of file.
func (s *FileStream) ReadElement(*Thread) (Value, bool) {
	if s.closed || !s.in {
		return nil, false
	}
	if s.elemSize > 8 {
		return s.readBigElement()
	}
	var u uint64
	for i := 0; i < s.elemSize; i++ {
		b, ok := s.byteAt(s.pos + int64(i))
		if !ok {
			return nil, false
		}
		u |= uint64(b) << (8 * i)
	}
	s.pos += int64(s.elemSize)
	s.lastRead = 0
	bits := 8 * s.elemSize
	if s.signed {
		if bits < 64 && u&(1<<(bits-1)) != 0 {
			return MakeInt(int64(u) - int64(1)<<bits), true
		}
		return MakeInt(int64(u)), true
	}
	if u > 1<<62 {
		return MakeBigInt(new(big.Int).SetUint64(u)), true
	}
	return MakeInt(int64(u)), true
}

// readBigElement reads an element of more than 64 bits (little-endian, two's
// complement when signed).
func (s *FileStream) readBigElement() (Value, bool) {
	buf := make([]byte, s.elemSize)
	for i := range buf {
		b, ok := s.byteAt(s.pos + int64(i))
		if !ok {
			return nil, false
		}
		buf[len(buf)-1-i] = b // big-endian for SetBytes
	}
	s.pos += int64(s.elemSize)
	s.lastRead = 0
	n := new(big.Int).SetBytes(buf)
	if bits := uint(8 * s.elemSize); s.signed && n.Bit(int(bits)-1) == 1 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), bits))
	}
	return MakeBigInt(n), true
}

// WriteElement writes one integer element, signalling TYPE-ERROR when v does
// not fit the element type.
func (s *FileStream) WriteElement(th *Thread, v Value) {
	if s.elemSize > 8 {
		s.writeBigElement(th, v)
		return
	}
	n, ok := v.(Fixnum)
	bits := 8 * s.elemSize
	fits := ok
	if ok {
		if s.signed {
			fits = bits == 64 || (int64(n) >= -(int64(1)<<(bits-1)) && int64(n) < int64(1)<<(bits-1))
		} else {
			fits = n >= 0 && (bits == 64 || int64(n) < int64(1)<<bits)
		}
	} else if b, isBig := v.(*Bignum); isBig && !s.signed && bits == 64 && b.Int.Sign() >= 0 && b.Int.BitLen() <= 64 {
		s.writeElementBits(b.Int.Uint64())
		return
	}
	if !fits {
		th.TypeError(v, s.elemType)
	}
	s.writeElementBits(uint64(n))
}

// writeBigElement writes an element of more than 64 bits.
func (s *FileStream) writeBigElement(th *Thread, v Value) {
	var n *big.Int
	switch x := v.(type) {
	case Fixnum:
		n = big.NewInt(int64(x))
	case *Bignum:
		n = new(big.Int).Set(x.Int)
	default:
		th.TypeError(v, s.elemType)
	}
	bits := 8 * s.elemSize
	fits := n.Sign() >= 0 && n.BitLen() <= bits
	if s.signed {
		// -2^(bits-1) <= n < 2^(bits-1)
		m := n
		if n.Sign() < 0 {
			m = new(big.Int).Not(n) // -n-1
		}
		fits = m.BitLen() < bits
		if n.Sign() < 0 {
			n.Add(n, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		}
	}
	if !fits {
		th.TypeError(v, s.elemType)
	}
	buf := n.FillBytes(make([]byte, s.elemSize))
	for i, j := 0, len(buf)-1; i < j; i, j = i+1, j-1 {
		buf[i], buf[j] = buf[j], buf[i]
	}
	s.writeBytes(buf)
}

// Close implements Stream: it flushes and closes the file.
func (s *FileStream) Close() { s.close(false) }

// CloseAbort closes the stream discarding its effects where possible (CLOSE
// :ABORT T): a file OPEN created is deleted, a superseded or renamed file is
// left as it was.
func (s *FileStream) CloseAbort() { s.close(true) }

func (s *FileStream) close(abort bool) {
	if s.closed {
		return
	}
	s.closed = true
	if !abort {
		s.flush()
	}
	if s.f != nil {
		_ = s.f.Close()
	}
	ops := s.loc.ops
	switch {
	case ops == nil:
	case abort && s.tmp != "":
		_ = ops.Remove(s.tmp)
	case abort && s.created:
		_ = ops.Remove(s.loc.rel)
		if s.backup != "" {
			_ = ops.Rename(s.backup, s.loc.rel)
		}
	case s.tmp != "":
		if err := ops.Rename(s.tmp, s.target); err != nil && s.err == nil {
			s.err = err
			_ = ops.Remove(s.tmp)
		}
	}
}

// --- OPEN ---

func (th *Thread) memberError(v Value, names ...string) {
	items := make([]Value, len(names))
	for i, n := range names {
		if n == "NIL" {
			items[i] = NIL
		} else {
			items[i] = th.Img.Kw(n)
		}
	}
	th.TypeError(v, NewCons(th.Img.S.Member, List(items...)))
}

func kwOr(v Value, def string) string {
	if v == nil {
		return def
	}
	if v == NIL {
		return "NIL"
	}
	return kwName(v)
}

// maxElementBits bounds the size of a file stream's integer elements.
const maxElementBits = 1 << 16

// parseElementType maps an :ELEMENT-TYPE to (binary, signed, bytes, canonical
// type). A subtype of CHARACTER makes a character stream; a subtype of
// INTEGER a binary stream whose elements take the fewest whole bytes that
// hold the type, (UNSIGNED-BYTE 8k) or (SIGNED-BYTE 8k), as in SBCL.
func (th *Thread) parseElementType(v Value) (bool, bool, int, Value) {
	c := th.Img.CLSym
	if v == nil {
		return false, false, 1, c("CHARACTER")
	}
	signed, bits := false, 0
	if s, ok := v.(*Symbol); ok {
		switch {
		case kwName(s) == "DEFAULT":
			return false, false, 1, c("CHARACTER")
		case s.Pkg == th.Img.CL:
			switch s.Name {
			case "CHARACTER", "BASE-CHAR", "STANDARD-CHAR", "EXTENDED-CHAR":
				return false, false, 1, c("CHARACTER")
			case "UNSIGNED-BYTE", "BIT":
				bits = 8
			case "SIGNED-BYTE":
				signed, bits = true, 8
			case "FIXNUM":
				signed, bits = true, 64
			}
		}
	}
	if l, ok := v.(*Cons); ok && bits == 0 {
		head, _ := l.Car.(*Symbol)
		args := ListToSlice(l.Cdr)
		if head != nil && head.Pkg == th.Img.CL && len(args) <= 1 {
			var n Value = c("*")
			if len(args) == 1 {
				n = args[0]
			}
			k, isFix := n.(Fixnum)
			switch {
			case head.Name != "UNSIGNED-BYTE" && head.Name != "SIGNED-BYTE":
			case isStar(n):
				signed, bits = head.Name == "SIGNED-BYTE", 8
			case isFix && k > 0 && k <= maxElementBits:
				signed, bits = head.Name == "SIGNED-BYTE", int(k)
			}
		}
	}
	if bits == 0 {
		if sub, _ := th.Subtypep(v, c("CHARACTER")); sub {
			return false, false, 1, c("CHARACTER")
		}
		signed, bits = th.elementTypeBits(v)
	}
	size := (bits + 7) / 8
	name := "UNSIGNED-BYTE"
	if signed {
		name = "SIGNED-BYTE"
	}
	return true, signed, size, List(c(name), MakeInt(int64(size*8)))
}

// elementTypeBits finds, by SUBTYPEP, the fewest whole bytes of unsigned
// (or, for a type with negative members, signed) integers holding the
// element type v; a type not of integers, or one too large, is an error.
func (th *Thread) elementTypeBits(v Value) (bool, int) {
	c := th.Img.CLSym
	unsupported := func() {
		th.fileErrorNoPath("unsupported :ELEMENT-TYPE ~S: golem file streams hold characters or integers.", v)
	}
	signed := false
	if sub, _ := th.Subtypep(v, List(c("INTEGER"), MakeInt(0), c("*"))); !sub {
		if sub, _ := th.Subtypep(v, c("INTEGER")); !sub {
			unsupported()
		}
		signed = true
	}
	name := c("UNSIGNED-BYTE")
	if signed {
		name = c("SIGNED-BYTE")
	}
	fits := func(bits int) bool {
		sub, _ := th.Subtypep(v, List(name, MakeInt(int64(bits))))
		return sub
	}
	lo, hi := 0, 8
	for !fits(hi) {
		if hi >= maxElementBits {
			unsupported()
		}
		lo, hi = hi, 2*hi
	}
	for hi-lo > 8 {
		mid := (lo + hi) / 2 / 8 * 8
		if fits(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return signed, hi
}

func (th *Thread) fileErrorNoPath(control string, args ...Value) {
	th.Error(th.MakeCondition("SIMPLE-ERROR", th.Img.Kw("FORMAT-CONTROL"), NewString(control),
		th.Img.Kw("FORMAT-ARGUMENTS"), List(args...)))
}

// parseExternalFormat accepts :UTF-8, :LATIN-1 and friends (also in a list
// with options); it returns whether the encoding is Latin-1 and its keyword.
func (th *Thread) parseExternalFormat(v Value) (bool, Value) {
	if l, ok := v.(*Cons); ok {
		v = l.Car
	}
	switch kwName(v) {
	case "", "DEFAULT", "UTF-8", "UTF8":
		if v != nil && v != NIL && kwName(v) == "" {
			break
		}
		return false, th.Img.Kw("UTF-8")
	case "LATIN-1", "LATIN1", "ISO-8859-1", "ISO8859-1", "ASCII", "US-ASCII":
		return true, th.Img.Kw("LATIN-1")
	}
	th.fileErrorNoPath("unsupported :EXTERNAL-FORMAT ~S: golem supports :UTF-8 and :LATIN-1.", v)
	return false, nil
}

// OpenFile implements OPEN: args are the filespec and keyword arguments.
func (th *Thread) OpenFile(args []Value) Value { return th.openFile(args, "open") }

func (th *Thread) openFile(args []Value, verb string) Value {
	kw := th.ParseKeys(args[1:], "DIRECTION", "ELEMENT-TYPE", "IF-EXISTS", "IF-DOES-NOT-EXIST", "EXTERNAL-FORMAT")
	p := th.mergedPathname(args[0])
	direction := kwOr(kw[0], "INPUT")
	switch direction {
	case "INPUT", "OUTPUT", "IO", "PROBE":
	default:
		th.memberError(kw[0], "INPUT", "OUTPUT", "IO", "PROBE")
	}
	binary, signed, size, etype := th.parseElementType(kw[1])
	latin1, format := th.parseExternalFormat(OrNil(kw[4]))
	write := direction == "OUTPUT" || direction == "IO"
	// The default is :ERROR. (CLHS OPEN makes it :NEW-VERSION for a version
	// of :NEWEST, which every parsed namestring has; SBCL, whose
	// :NEW-VERSION is an error on its version-less files, never replaces a
	// file unasked, and golem keeps that.)
	ifExists := kwOr(kw[2], "ERROR")
	switch ifExists {
	case "ERROR", "NEW-VERSION", "RENAME", "RENAME-AND-DELETE", "OVERWRITE", "APPEND", "SUPERSEDE", "NIL":
	default:
		th.memberError(kw[2], "ERROR", "NEW-VERSION", "RENAME", "RENAME-AND-DELETE", "OVERWRITE", "APPEND", "SUPERSEDE", "NIL")
	}
	defIDNE := "ERROR"
	switch {
	case direction == "PROBE":
		defIDNE = "NIL"
	case write && ifExists != "OVERWRITE" && ifExists != "APPEND":
		defIDNE = "CREATE"
	}
	ifDNE := kwOr(kw[3], defIDNE)
	switch ifDNE {
	case "ERROR", "CREATE", "NIL":
	default:
		th.memberError(kw[3], "ERROR", "CREATE", "NIL")
	}
	s := &FileStream{pathname: p, in: direction == "INPUT" || direction == "IO", out: write,
		binary: binary, signed: signed, elemSize: size, latin1: latin1, elemType: etype, format: format}
	if !binary {
		s.elemSize = 1
	}
	loc := th.resolveAccess(p, write, verb)
	if !write && ifDNE == "CREATE" && loc.fsys == nil {
		if _, err := loc.stat(); errors.Is(err, fs.ErrNotExist) {
			loc = th.resolveAccess(p, true, verb)
		}
	}
	notExist := func() Value {
		if ifDNE == "NIL" {
			return NIL
		}
		th.fileError(p, "The file ~S does not exist: No such file or directory", p)
		return nil
	}
	if loc.fsys != nil {
		data, err := fs.ReadFile(loc.fsys, loc.name)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return notExist()
			}
			th.fileError(p, "error opening ~S: ~A", p, NewString(osErrText(err)))
		}
		s.fsName, s.ra, s.size = loc.name, bytes.NewReader(data), int64(len(data))
		if direction == "PROBE" {
			s.closed, s.probe = true, true
		}
		return s
	}
	s.host, s.loc = loc.host, loc
	ops := loc.ops
	fi, statErr := loc.stat()
	exists := statErr == nil
	if statErr != nil && !errors.Is(statErr, fs.ErrNotExist) {
		th.openError(p, loc, statErr)
	}
	if exists && fi.IsDir() && direction != "PROBE" {
		th.fileError(p, "error opening ~S: Is a directory", p)
	}
	if direction == "PROBE" {
		if !exists {
			if ifDNE != "CREATE" {
				return notExist()
			}
			_ = th.openAt(p, loc, os.O_RDWR|os.O_CREATE, 0o666).Close()
		}
		s.closed, s.probe = true, true
		return s
	}
	flags := os.O_RDONLY
	switch {
	case direction == "IO":
		flags = os.O_RDWR
	case write:
		flags = os.O_WRONLY
	}
	create := func() {
		s.f, s.created = th.openAt(p, loc, flags|os.O_CREATE|os.O_EXCL, 0o666), true
	}
	if !exists {
		if ifDNE != "CREATE" {
			return notExist()
		}
		if !write {
			flags = os.O_RDONLY
		}
		create()
		if !write {
			s.created = false
		}
	} else if !write {
		s.f = th.openAt(p, loc, os.O_RDONLY, 0)
	} else {
		switch ifExists {
		case "NIL":
			return NIL
		case "ERROR":
			th.fileError(p, "The file ~S already exists: File exists", p)
		case "RENAME", "RENAME-AND-DELETE":
			bak := loc.rel + ".bak"
			if err := ops.Rename(loc.rel, bak); err != nil {
				th.openError(p, loc, err)
			}
			if ifExists == "RENAME-AND-DELETE" {
				_ = ops.Remove(bak)
			} else {
				s.backup = bak
			}
			create()
		case "SUPERSEDE", "NEW-VERSION":
			// Files have no versions: the new version replaces the file.
			f, tmp := th.createTemp(p, loc)
			_ = f.Chmod(fi.Mode().Perm())
			s.f, s.tmp, s.target = f, tmp, loc.rel
		case "OVERWRITE", "APPEND":
			s.f = th.openAt(p, loc, flags, 0)
			s.size = fi.Size()
			if ifExists == "APPEND" {
				s.pos = s.size
			}
		}
	}
	if s.f != nil {
		// A stream the program drops without closing still gets its
		// buffered output written and its descriptor released.
		goruntime.SetFinalizer(s, func(s *FileStream) { s.Close() })
		s.ra = s.f
		if s.size == 0 && s.tmp == "" {
			if st, err := s.f.Stat(); err == nil {
				s.size = st.Size()
			}
		}
		if !s.in {
			s.ra = nil
		}
	}
	return s
}

// openAt opens loc with flag, signalling FILE-ERROR on failure. In a sandbox
// the open does not block (a FIFO) and only a regular file is accepted, so
// /dev/zero or a FIFO in an allowed directory cannot be read or written;
// everywhere a directory is refused.
func (th *Thread) openAt(p *Pathname, loc fileLoc, flag int, perm os.FileMode) *os.File {
	if loc.sandboxed() {
		flag |= openNonblock
	}
	f, err := loc.ops.OpenFile(loc.rel, flag, perm)
	if err != nil {
		th.openError(p, loc, err)
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case fi.IsDir():
		err = syscall.EISDIR
	case loc.sandboxed() && !fi.Mode().IsRegular():
		err = errNotRegular
	}
	if err != nil {
		_ = f.Close()
		th.openError(p, loc, err)
	}
	return f
}

// createTemp creates a new temporary file beside loc (for :SUPERSEDE) and
// returns it with its name for loc.ops.
func (th *Thread) createTemp(p *Pathname, loc fileLoc) (*os.File, string) {
	dir, base := filepath.Split(loc.rel)
	for i := 0; ; i++ {
		name := dir + "." + base + ".golem-" + strconv.FormatUint(rand.Uint64(), 36)
		f, err := loc.ops.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return f, name
		}
		if !errors.Is(err, fs.ErrExist) || i >= 100 {
			th.openError(p, loc, err)
		}
	}
}

func (th *Thread) openError(p *Pathname, loc fileLoc, err error) {
	th.refuseEscape(p, loc, err)
	if errors.Is(err, fs.ErrNotExist) {
		if _, derr := loc.ops.Stat(filepath.Dir(loc.rel)); derr != nil {
			th.fileError(p, "The path ~S does not exist.", p)
		}
	}
	th.fileError(p, "error opening ~S: ~A", p, NewString(osErrText(err)))
}

// OpenLoadFile opens spec for LOAD under the file policy: the name as given
// or, when that does not exist and spec has no type, NAME.lisp. It returns
// the stream (nil when no file exists) and the pathname merged with
// *default-pathname-defaults*. The file is read whole, up to
// LoadSizeLimit of the evaluation's memory limit, and closed at once; in a
// sandbox it must be a regular file. Refusals signal FILE-ERROR.
func (th *Thread) OpenLoadFile(spec Value) (*FileStream, *Pathname) {
	p := th.mergedPathname(spec)
	if s := th.openLoad(p); s != nil {
		return s, p
	}
	if p.Type == NIL && p.Name != NIL {
		q := p.copy()
		q.Type = NewString("lisp")
		if s := th.openLoad(q); s != nil {
			return s, q
		}
	}
	return nil, p
}

// openLoad reads the file p names for LOAD into a character stream, or
// returns nil when it does not exist.
func (th *Thread) openLoad(p *Pathname) *FileStream {
	loc := th.resolveAccess(p, false, "load")
	max := LoadSizeLimit(th.Limits.MaxMemory)
	var data []byte
	var err error
	if loc.fsys != nil {
		var f fs.File
		if f, err = loc.fsys.Open(loc.name); err == nil {
			fi, serr := f.Stat()
			switch {
			case serr == nil && fi.IsDir():
				err = syscall.EISDIR
			case serr == nil && fi.Size() > max:
				err = errTooLarge
			default:
				data, err = readCapped(f, max)
			}
			_ = f.Close()
		}
	} else {
		data, err = func() ([]byte, error) {
			f, fi, err := openRead(loc.ops, loc.rel, os.O_RDONLY, loc.sandboxed())
			if err != nil {
				return nil, err
			}
			defer f.Close()
			if fi.Mode().IsRegular() {
				if fi.Size() > max {
					return nil, errTooLarge
				}
				// The file is read whole: charge it to the evaluation.
				th.CheckAlloc(fi.Size())
			}
			return readCapped(f, max)
		}()
	}
	switch {
	case err == nil:
	case errors.Is(err, fs.ErrNotExist):
		th.refuseEscape(p, loc, err)
		return nil
	case errors.Is(err, errTooLarge):
		th.fileError(p, "cannot load ~S: it is larger than ~D bytes.", p, MakeInt(max))
	default:
		th.refuseEscape(p, loc, err)
		th.fileError(p, "error opening ~S: ~A", p, NewString(osErrText(err)))
	}
	s := &FileStream{pathname: p, host: loc.host, loc: loc, fsName: loc.name, in: true, elemSize: 1,
		elemType: th.Img.CLSym("CHARACTER"), format: th.Img.Kw("UTF-8"),
		ra: bytes.NewReader(data), size: int64(len(data))}
	return s
}

// --- directory listing ---

type lister interface {
	readDir(p string) []fs.DirEntry
	stat(p string) (fs.FileInfo, error)
	join(a, b string) string
}

// opsLister lists host directories through a location's operations (the
// host's, or a sandbox directory's os.Root). In a sandbox, a name os.Root
// refuses (a link that is absolute or leads into another allowed directory)
// is looked up again through the sandbox's resolution of links.
type opsLister struct {
	ops fileOps
	sb  *Sandbox // nil unrestricted
	dir string   // the host path of the root names are relative to
}

func (l opsLister) readDir(p string) []fs.DirEntry {
	es := readDirOps(l.ops, p)
	if es == nil && l.sb != nil {
		if loc, ok := l.sb.loc(filepath.Join(l.dir, p), false, false, "list"); ok {
			es = readDirOps(loc.ops, loc.rel)
		}
	}
	return es
}

func (l opsLister) stat(p string) (fs.FileInfo, error) {
	fi, err := l.ops.Stat(p)
	if err != nil && l.sb != nil && isEscape(err) {
		if loc, ok := l.sb.loc(filepath.Join(l.dir, p), false, false, "list"); ok {
			return loc.stat()
		}
	}
	return fi, err
}

func (opsLister) join(a, b string) string { return filepath.Join(a, b) }

type fsLister struct{ fsys fs.FS }

func (l fsLister) readDir(p string) []fs.DirEntry {
	es, _ := fs.ReadDir(l.fsys, p)
	return es
}
func (l fsLister) stat(p string) (fs.FileInfo, error) { return fs.Stat(l.fsys, p) }
func (l fsLister) join(a, b string) string            { return path.Join(a, b) }

func isDirAt(l lister, p string) bool {
	fi, err := l.stat(p)
	return err == nil && fi.IsDir()
}

func splitNameType(file string) (string, Value) {
	if dot := strings.LastIndexByte(file, '.'); dot > 0 {
		return file[:dot], NewString(file[dot+1:])
	}
	return file, NIL
}

func (th *Thread) directory(args []Value) Value {
	kw := th.ParseKeys(args[1:], "RESOLVE-SYMLINKS")
	resolve := kw[0] == nil || kw[0] != NIL
	p := th.TranslateLogical(th.mergedPathname(args[0]))
	th.checkDirectoryUse(p)
	if !p.IsWild() {
		loc := th.resolveAccess(p, false, "list")
		fi, err := loc.stat()
		if err != nil {
			th.refuseEscape(p, loc, err)
			return NIL
		}
		if !resolve && loc.fsys == nil {
			return List(ParseNativePath(th.Img, loc.host, fi.IsDir() && p.isDirectoryForm()))
		}
		return List(th.truenameOf(loc, fi.IsDir()))
	}
	parts, absolute, ok := directoryParts(p.Directory)
	if !ok {
		th.fileError(p, "~S has no namestring", p)
	}
	fixed := 0
	for fixed < len(parts) && !isWildComponent(parts[fixed]) {
		fixed++
	}
	var head ListBuilder
	if absolute {
		head.Add(th.Img.Kw("ABSOLUTE"))
	} else {
		head.Add(th.Img.Kw("RELATIVE"))
	}
	for _, e := range parts[:fixed] {
		head.Add(e)
	}
	base := emptyPathname()
	if absolute || fixed > 0 {
		base.Directory = head.List()
	}
	var hits []dirHit
	for _, loc := range th.directoryRoots(base) {
		hits = append(hits, th.directoryWalk(loc, parts[fixed:], p)...)
	}
	seen := map[string]bool{}
	var out []*Pathname
	var keys []string
	for _, h := range hits {
		var tp *Pathname
		switch {
		case h.loc.fsys != nil:
			tp = ParseNativePath(th.Img, h.loc.name, h.isDir)
		case resolve:
			tp = th.truenameOf(h.loc, h.isDir)
		default:
			tp = ParseNativePath(th.Img, h.loc.host, h.isDir)
		}
		ns, _ := tp.Namestring()
		if seen[ns] {
			continue
		}
		seen[ns] = true
		out = append(out, tp)
		keys = append(keys, ns)
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return keys[idx[a]] < keys[idx[b]] })
	var b ListBuilder
	for _, i := range idx {
		b.Add(out[i])
	}
	return b.List()
}

// dirHit is one DIRECTORY result before it becomes a truename. Every hit
// was found by a stat through its location's operations, so in a sandbox a
// link leading out of the directory is never one.
type dirHit struct {
	loc   fileLoc
	isDir bool
}

// directoryRoots returns where a DIRECTORY search starts. A sandboxed
// relative search covers every allowed directory (and the embedder's FS).
func (th *Thread) directoryRoots(base *Pathname) []fileLoc {
	native := th.nativePath(base, "list")
	if !th.Img.Sandbox || filepath.IsAbs(native) {
		return []fileLoc{th.resolveAccess(base, false, "list")}
	}
	fa := th.Img.Files
	var locs []fileLoc
	for _, d := range th.sandbox().allowed(false) {
		abs := th.MergePathnames(base, ParseNativePath(th.Img, d.path, true), NIL)
		locs = append(locs, th.resolveAccess(abs, false, "list"))
	}
	if fa.FS != nil {
		if name, ok := fsName(native); ok {
			locs = append(locs, fileLoc{fsys: fa.FS, name: name})
		}
	}
	if len(locs) == 0 {
		locs = append(locs, th.resolveAccess(base, false, "list"))
	}
	return locs
}

// directoryWalk expands the wild directory elements rest below loc and
// matches the name and type of p in the directories found.
func (th *Thread) directoryWalk(loc fileLoc, rest []Value, p *Pathname) []dirHit {
	var l lister = opsLister{ops: loc.ops}
	if loc.sandboxed() {
		l = opsLister{ops: loc.ops, sb: th.sandbox(), dir: loc.dir.path}
	}
	root := loc.rel
	if loc.fsys != nil {
		l, root = fsLister{loc.fsys}, loc.name
	}
	hit := func(name string, isDir bool) dirHit {
		h := dirHit{loc: loc, isDir: isDir}
		switch {
		case loc.fsys != nil:
			h.loc.name = name
		case loc.sandboxed():
			h.loc.rel, h.loc.host = name, filepath.Join(loc.dir.path, name)
		default:
			h.loc.rel, h.loc.host = name, name
		}
		return h
	}
	if !isDirAt(l, root) {
		return nil
	}
	dirs := []string{root}
	for _, comp := range rest {
		var next []string
		for _, d := range dirs {
			th.Tick()
			switch x := comp.(type) {
			case *String:
				if j := l.join(d, x.String()); isDirAt(l, j) {
					next = append(next, j)
				}
			case *PathPattern:
				for _, e := range l.readDir(d) {
					if _, ok := x.match(e.Name()); ok {
						if j := l.join(d, e.Name()); isDirAt(l, j) {
							next = append(next, j)
						}
					}
				}
			default:
				switch kwName(x) {
				case "WILD":
					for _, e := range l.readDir(d) {
						if j := l.join(d, e.Name()); isDirAt(l, j) {
							next = append(next, j)
						}
					}
				case "WILD-INFERIORS":
					next = append(next, th.walkDirs(l, d)...)
				case "UP":
					if loc.fsys == nil {
						next = append(next, l.join(d, ".."))
					}
				}
			}
		}
		dirs = next
	}
	var hits []dirHit
	for _, d := range dirs {
		if p.isDirectoryForm() {
			hits = append(hits, hit(d, true))
			continue
		}
		if !isWildComponent(p.Name) && !isWildComponent(p.Type) {
			name, _ := p.fileNamestringNative()
			j := l.join(d, name)
			if fi, err := l.stat(j); err == nil {
				hits = append(hits, hit(j, fi.IsDir()))
			}
			continue
		}
		for _, e := range l.readDir(d) {
			th.Tick()
			if entryMatchesPattern(e.Name(), p) {
				j := l.join(d, e.Name())
				fi, err := l.stat(j)
				if err != nil {
					continue
				}
				hits = append(hits, hit(j, fi.IsDir()))
			}
		}
	}
	return hits
}

// entryMatchesPattern matches a directory entry against the name and type of p.
func entryMatchesPattern(file string, p *Pathname) bool {
	name, typ := splitNameType(file)
	if p.Type == NIL && kwName(p.Name) == "WILD" {
		// "*" matches files without a type only, as in SBCL.
		return typ == NIL
	}
	if _, ok := componentMatch(NewString(name), p.Name); !ok {
		// A type-less pattern may still match the whole entry name ("foo*").
		if p.Type != NIL {
			return false
		}
		_, ok := componentMatch(NewString(file), p.Name)
		return ok && typ == NIL
	}
	switch {
	case p.Type == NIL:
		return typ == NIL
	case kwName(p.Type) == "WILD":
		return true
	case typ == NIL:
		return false
	}
	_, ok := componentMatch(typ, p.Type)
	return ok
}

// fileNamestringNative renders name.type without escapes.
func (p *Pathname) fileNamestringNative() (string, bool) {
	var b strings.Builder
	if s, ok := p.Name.(*String); ok {
		b.WriteString(s.String())
	}
	if s, ok := p.Type.(*String); ok {
		b.WriteString("." + s.String())
	}
	return b.String(), true
}

// walkDirs returns d and every directory below it (symlinked directories are
// listed but not descended, so cycles end).
func (th *Thread) walkDirs(l lister, d string) []string {
	out := []string{d}
	for i := 0; i < len(out); i++ {
		th.Tick()
		for _, e := range l.readDir(out[i]) {
			if e.IsDir() {
				out = append(out, l.join(out[i], e.Name()))
			} else if e.Type()&fs.ModeSymlink != 0 && isDirAt(l, l.join(out[i], e.Name())) {
				out = append(out, l.join(out[i], e.Name()))
			}
		}
		if len(out) > 1_000_000 {
			th.StorageCondition("DIRECTORY: too many directories under " + d)
		}
	}
	sort.Strings(out[1:])
	return out
}

// --- builtins ---

func (th *Thread) fileStreamArg(v Value) *FileStream {
	switch x := v.(type) {
	case *FileStream:
		return x
	case *SynonymStream:
		if t, ok := th.SymbolValue(x.Sym).(Stream); ok {
			return th.fileStreamArg(t)
		}
	}
	return nil
}

func (th *Thread) streamArg(v Value) Stream {
	s, ok := v.(Stream)
	if !ok {
		th.TypeError(v, th.Img.CLSym("STREAM"))
	}
	return s
}

// binaryStreamArg resolves a stream that must be binary in the given direction.
func (th *Thread) binaryStreamArg(v Value, input bool) BinaryStream {
	st := th.streamArg(v)
	bs, _ := st.(BinaryStream)
	if bs == nil || (input && !bs.BinaryIn(th)) || (!input && !bs.BinaryOut(th)) {
		dir := "output"
		if input {
			dir = "input"
		}
		th.simpleTypeError(v, List(th.Img.S.Satisfies, th.Img.CLSym("STREAMP")),
			"~S is not a binary "+dir+" stream.", v)
	}
	if o, ok := st.(interface{ IsOpen() bool }); ok && !o.IsOpen() {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-STREAM-ERROR", th.Img.Kw("STREAM"), v,
			th.Img.Kw("FORMAT-CONTROL"), NewString("~S is closed"), th.Img.Kw("FORMAT-ARGUMENTS"), List(v)))
	}
	return bs
}

func (th *Thread) universalTimeOf(t time.Time) Value {
	return MakeInt(t.Unix() + unixToUniversal)
}

func (th *Thread) existingLoc(v Value, verb, what string) (*Pathname, fileLoc, fs.FileInfo) {
	p := th.mergedPathname(v)
	loc := th.resolveAccess(p, false, verb)
	fi, err := loc.stat()
	if err != nil {
		th.refuseEscape(p, loc, err)
		name := loc.host
		if loc.fsys != nil {
			name = loc.name
		}
		th.fileError(p, "Failed to find the ~A of ~A: ~A", NewString(what), NewString(name), NewString(osErrText(err)))
	}
	return p, loc, fi
}

func fileAuthor(fi fs.FileInfo) Value {
	sys := reflect.ValueOf(fi.Sys())
	if sys.Kind() == reflect.Pointer && !sys.IsNil() {
		sys = sys.Elem()
	}
	if sys.Kind() != reflect.Struct {
		return NIL
	}
	f := sys.FieldByName("Uid")
	if !f.IsValid() || !f.CanUint() {
		return NIL
	}
	uid := strconv.FormatUint(f.Uint(), 10)
	if u, err := user.LookupId(uid); err == nil {
		return NewString(u.Username)
	}
	return NIL
}

func fileDefs() []Def {
	return []Def{
		{Name: "OPEN", Min: 1, Max: -1,
			Params: "(FILENAME &KEY (DIRECTION :INPUT) (ELEMENT-TYPE 'CHARACTER) IF-EXISTS IF-DOES-NOT-EXIST (EXTERNAL-FORMAT :DEFAULT))",
			Fn:     func(th *Thread, args []Value) Value { return th.OpenFile(args) }},
		{Name: "PROBE-FILE", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			if s, ok := args[0].(*FileStream); ok && s.host != "" {
				if fi, err := s.loc.stat(); err == nil {
					return th.truenameOf(s.loc, fi.IsDir())
				}
				return NIL
			}
			p := th.mergedPathname(args[0])
			loc := th.resolveAccess(p, false, "probe")
			fi, err := loc.stat()
			if err != nil {
				th.refuseEscape(p, loc, err)
				return NIL
			}
			return th.truenameOf(loc, fi.IsDir())
		}},
		{Name: "TRUENAME", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			if s, ok := args[0].(*FileStream); ok {
				if s.host == "" {
					return ParseNativePath(th.Img, s.fsName, false)
				}
				return th.truenameOf(s.loc, false)
			}
			_, loc, fi := th.existingLoc(args[0], "probe", "TRUENAME")
			return th.truenameOf(loc, fi.IsDir())
		}},
		{Name: "FILE-WRITE-DATE", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			_, _, fi := th.existingLoc(args[0], "probe", "WRITE-DATE")
			if fi.ModTime().IsZero() {
				return NIL
			}
			return th.universalTimeOf(fi.ModTime())
		}},
		{Name: "FILE-AUTHOR", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			_, _, fi := th.existingLoc(args[0], "probe", "AUTHOR")
			return fileAuthor(fi)
		}},
		{Name: "DELETE-FILE", Min: 1, Max: 1, Params: "(FILE)", Fn: func(th *Thread, args []Value) Value {
			if s, ok := args[0].(*FileStream); ok {
				s.Close()
			}
			p := th.mergedPathname(args[0])
			loc := th.resolveAccessMode(p, true, true, "delete")
			fi, err := loc.ops.Lstat(loc.rel)
			if err == nil && fi.IsDir() {
				err = syscall.EISDIR
			}
			if err == nil {
				err = loc.ops.Remove(loc.rel)
			}
			if err != nil {
				th.refuseEscape(p, loc, err)
				th.fileError(p, "Could not delete the file ~S: ~A", NewString(loc.host), NewString(osErrText(err)))
			}
			return T
		}},
		{Name: "RENAME-FILE", Min: 2, Max: 2, MV: true, Params: "(FILE NEW-NAME)", Fn: func(th *Thread, args []Value) Value {
			p := th.mergedPathname(args[0])
			loc := th.resolveAccessMode(p, true, true, "rename")
			if _, err := loc.ops.Lstat(loc.rel); err != nil {
				th.refuseEscape(p, loc, err)
				th.fileError(p, "Failed to find the TRUENAME of ~A: ~A", NewString(loc.host), NewString(osErrText(err)))
			}
			old := th.truenameOf(loc, false)
			np := th.MergePathnames(th.PathnameDesignator(args[1]), p, th.Img.Kw("NEWEST"))
			nloc := th.resolveAccessMode(np, true, true, "rename to")
			var err error
			if loc.dir != nloc.dir {
				// Two sandbox directories: no os.Root reaches both.
				err = syscall.EXDEV
			} else {
				err = loc.ops.Rename(loc.rel, nloc.rel)
			}
			if err != nil {
				th.refuseEscape(np, nloc, err)
				th.fileError(p, "Failed to rename ~A to ~A: ~A", NewString(loc.host), NewString(nloc.host), NewString(osErrText(err)))
			}
			return th.Values(np, old, th.truenameOf(nloc, false))
		}},
		{Name: "ENSURE-DIRECTORIES-EXIST", Min: 1, Max: -1, MV: true, Params: "(PATHSPEC &KEY VERBOSE MODE)",
			Fn: func(th *Thread, args []Value) Value {
				kw := th.ParseKeys(args[1:], "VERBOSE", "MODE")
				p := th.mergedPathname(args[0])
				dir := emptyPathname()
				dir.Directory = p.Directory
				for _, e := range ListToSlice(p.Directory) {
					if isWildComponent(e) {
						th.fileError(p, "cannot create directories for the wild pathname ~S", p)
					}
				}
				loc := th.resolveAccess(dir, true, "create directories for")
				if fi, err := loc.stat(); err == nil && fi.IsDir() {
					return th.Values2(args[0], NIL)
				}
				mode := os.FileMode(0o777)
				if m, ok := kw[1].(Fixnum); ok {
					mode = os.FileMode(m) & 0o7777
				}
				if kw[0] != nil && kw[0] != NIL {
					out := th.OutputStream(NIL)
					out.WriteString("creating directory: " + loc.host + "\n")
				}
				if err := loc.ops.MkdirAll(loc.rel, mode); err != nil {
					th.refuseEscape(p, loc, err)
					th.fileError(p, "can't create directory ~A: ~A", NewString(loc.host), NewString(osErrText(err)))
				}
				return th.Values2(args[0], T)
			}},
		{Name: "DIRECTORY", Min: 1, Max: -1, Params: "(PATHSPEC &KEY (RESOLVE-SYMLINKS T))", Fn: func(th *Thread, args []Value) Value {
			return th.directory(args)
		}},
		{Name: "FILE-LENGTH", Min: 1, Max: 1, Params: "(STREAM)", Fn: func(th *Thread, args []Value) Value {
			th.streamArg(args[0])
			if s := th.fileStreamArg(args[0]); s != nil {
				return MakeInt(s.size / int64(s.elemSize))
			}
			if b, ok := args[0].(*BroadcastStream); ok {
				if len(b.Targets) == 0 {
					return MakeInt(0)
				}
				if s := th.fileStreamArg(b.Targets[len(b.Targets)-1]); s != nil {
					return MakeInt(s.size / int64(s.elemSize))
				}
			}
			c := th.Img.CLSym
			th.simpleTypeError(args[0], List(th.Img.S.Or, c("FILE-STREAM"), c("SYNONYM-STREAM"), c("BROADCAST-STREAM")),
				"~S is not a stream associated with a file.", args[0])
			return nil
		}},
		{Name: "FILE-POSITION", Min: 1, Max: 2, Params: "(STREAM &OPTIONAL POSITION)", Fn: filePosition},
		{Name: "READ-BYTE", Min: 1, Max: 3, Params: "(STREAM &OPTIONAL (EOF-ERROR-P T) EOF-VALUE)", Fn: func(th *Thread, args []Value) Value {
			s := th.binaryStreamArg(args[0], true)
			v, ok := s.ReadElement(th)
			if !ok {
				if len(args) > 1 && args[1] == NIL {
					return Opt(args, 2)
				}
				th.EndOfFile(args[0])
			}
			return v
		}},
		{Name: "WRITE-BYTE", Min: 2, Max: 2, Params: "(BYTE STREAM)", Fn: func(th *Thread, args []Value) Value {
			s := th.binaryStreamArg(args[1], false)
			s.WriteElement(th, args[0])
			return args[0]
		}},
		{Name: "READ-SEQUENCE", Min: 2, Max: -1, Params: "(SEQUENCE STREAM &KEY (START 0) END)", Fn: readSequence},
		{Name: "STREAM-ELEMENT-TYPE", Min: 1, Max: 1, Params: "(STREAM)", Fn: func(th *Thread, args []Value) Value {
			return th.StreamElementType(th.streamArg(args[0]))
		}},
		{Name: "STREAM-EXTERNAL-FORMAT", Min: 1, Max: 1, Params: "(STREAM)", Fn: func(th *Thread, args []Value) Value {
			st := th.streamArg(args[0])
			if b, ok := st.(*BroadcastStream); ok {
				// The last component's format; :DEFAULT without one.
				if len(b.Targets) == 0 {
					return th.Img.Kw("DEFAULT")
				}
				st = b.Targets[len(b.Targets)-1]
			}
			if s := th.fileStreamArg(st); s != nil {
				return s.format
			}
			return NIL
		}},
		{Name: "INTERACTIVE-STREAM-P", Min: 1, Max: 1, Params: "(STREAM)", Fn: func(th *Thread, args []Value) Value {
			th.streamArg(args[0])
			return NIL
		}},
		{Name: "FILE-STRING-LENGTH", Min: 2, Max: 2, Params: "(STREAM OBJECT)", Fn: func(th *Thread, args []Value) Value {
			st := th.streamArg(args[0])
			if b, ok := st.(*BroadcastStream); ok {
				// The last component's length; 1 without one (CLHS MAKE-BROADCAST-STREAM).
				if len(b.Targets) == 0 {
					return MakeInt(1)
				}
				st = b.Targets[len(b.Targets)-1]
			}
			text, ok := th.StringText(args[1])
			if c, isChar := args[1].(Char); isChar {
				text, ok = string(rune(c)), true
			}
			if !ok {
				th.TypeError(args[1], List(th.Img.S.Or, th.Img.S.String, th.Img.S.Character))
			}
			if s := th.fileStreamArg(st); s != nil && !s.latin1 && !s.binary {
				return MakeInt(int64(len(text)))
			}
			return MakeInt(int64(utf8.RuneCountInString(text)))
		}},
	}
}

func filePosition(th *Thread, args []Value) Value {
	st := th.streamArg(args[0])
	if s, ok := st.(*SynonymStream); ok {
		if t, ok := th.SymbolValue(s.Sym).(Stream); ok {
			args = append([]Value{t}, args[1:]...)
			return filePosition(th, args)
		}
	}
	set := len(args) > 1
	var want int64
	if set {
		switch v := args[1].(type) {
		case Fixnum:
			if v < 0 {
				th.TypeError(v, List(th.Img.S.Or, th.Img.Kw("START"), th.Img.Kw("END"), th.Img.CLSym("UNSIGNED-BYTE")))
			}
			want = int64(v)
		default:
			switch kwName(v) {
			case "START":
				want = 0
			case "END":
				want = -1
			default:
				th.TypeError(v, List(th.Img.S.Or, List(th.Img.S.Member, th.Img.Kw("START"), th.Img.Kw("END")), th.Img.CLSym("UNSIGNED-BYTE")))
			}
		}
	}
	switch s := st.(type) {
	case *BroadcastStream:
		// The last component's position; 0 (and no moving) without one.
		if len(s.Targets) == 0 {
			if set {
				return NIL
			}
			return MakeInt(0)
		}
		return filePosition(th, append([]Value{s.Targets[len(s.Targets)-1]}, args[1:]...))
	case *FileStream:
		if !set {
			return MakeInt(s.pos / int64(s.elemSize))
		}
		if s.closed {
			return NIL
		}
		if want < 0 {
			s.pos = s.size
		} else {
			s.pos = want * int64(s.elemSize)
		}
		s.lastRead = 0
		return T
	case *StringInputStream:
		if !set {
			return MakeInt(int64(s.Pos))
		}
		if want < 0 || want > int64(s.End) {
			want = int64(s.End)
		}
		s.Pos = int(want)
		return T
	case *StringOutputStream:
		if !set {
			return MakeInt(int64(utf8.RuneCountInString(s.Peek())))
		}
		return NIL
	}
	return NIL
}

func readSequence(th *Thread, args []Value) Value {
	seq := args[0]
	kw := th.ParseKeys(args[2:], "START", "END")
	st := th.streamArg(args[1])
	_, s, e := th.seqRange(seq, kw[0], kw[1])
	bstream, _ := st.(BinaryStream)
	binary := bstream != nil && bstream.BinaryIn(th)
	if !st.IsInput() {
		th.simpleTypeError(args[1], List(th.Img.S.Satisfies, th.Img.CLSym("INPUT-STREAM-P")), "~S is not an input stream.", args[1])
	}
	items := make([]Value, 0, e-s)
	if str, ok := seq.(*String); ok && !binary {
		rs := str.Runes()
		i := s
		for ; i < e; i++ {
			r, ok := st.ReadChar()
			if !ok {
				break
			}
			rs[i] = r
			if i&4095 == 0 {
				th.Tick()
			}
		}
		return MakeInt(int64(i))
	}
	for i := s; i < e; i++ {
		if binary {
			v, ok := bstream.ReadElement(th)
			if !ok {
				break
			}
			items = append(items, v)
		} else {
			r, ok := st.ReadChar()
			if !ok {
				break
			}
			items = append(items, Char(r))
		}
		if i&4095 == 0 {
			th.Tick()
		}
	}
	th.seqSetRange(seq, s, items)
	return MakeInt(int64(s + len(items)))
}

func init() {
	Register(fileDefs()...)
}
