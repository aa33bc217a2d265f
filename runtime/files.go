package runtime

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math/big"
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

// --- the file policy ---

// fileLoc is where a file operation goes once the policy has allowed it: a
// host path, or a name inside the embedder's read-only fs.FS.
type fileLoc struct {
	host string // absolute host path ("" when fsys is set)
	fsys fs.FS
	name string // slash-separated path inside fsys
}

const sandboxHint = "The operator can open directories with golem mcp --allow-read DIR / --allow-write DIR " +
	"(Options.AllowRead / Options.AllowWrite when embedding golem)."

// ResolveFile applies the image's file policy to p (already merged with
// *default-pathname-defaults*) for an operation named verb ("open", "load",
// "delete", ...). Unrestricted images may touch any host file. Sandboxed
// images may read inside Files.ReadDirs and Files.WriteDirs and write inside
// Files.WriteDirs only; symlinks and ".." are resolved before the check, and
// the resolved path is what the caller must use. Relative paths resolve
// against the first allowed directory; reads of relative paths fall back to
// Files.FS when no directory has the file. Refusals signal FILE-ERROR.
// It returns the host path, or the fs.FS and the name inside it.
func (th *Thread) ResolveFile(p *Pathname, write bool, verb string) (host string, fsys fs.FS, name string) {
	loc := th.resolveAccess(p, write, verb)
	return loc.host, loc.fsys, loc.name
}

func (th *Thread) resolveAccess(p *Pathname, write bool, verb string) fileLoc {
	return th.resolveAccessMode(p, write, false, verb)
}

// resolveAccessMode is resolveAccess; with noFollow the last component is
// not followed when it is a symlink (DELETE-FILE and RENAME-FILE act on the
// link itself, so only its directory must be allowed).
func (th *Thread) resolveAccessMode(p *Pathname, write, noFollow bool, verb string) fileLoc {
	native := th.nativePath(p, verb)
	if !th.Img.Sandbox {
		abs, err := filepath.Abs(native)
		if err != nil {
			abs = native
		}
		return fileLoc{host: abs}
	}
	fa := th.Img.Files
	var dirs []string
	if write {
		dirs = fa.WriteDirs
	} else {
		dirs = append(append([]string(nil), fa.ReadDirs...), fa.WriteDirs...)
	}
	rel := !filepath.IsAbs(native)
	if len(dirs) == 0 {
		if !write && rel && fa.FS != nil {
			if name, ok := fsName(native); ok {
				return fileLoc{fsys: fa.FS, name: name}
			}
		}
		what := "File access is disabled in this session"
		if write && (len(fa.ReadDirs) > 0 || fa.FS != nil) {
			what = "Writing files is disabled in this session"
		}
		th.fileError(p, what+": cannot ~A ~S. "+sandboxHint, NewString(verb), p)
	}
	cand := native
	if rel {
		// A relative name is read from the first allowed directory that
		// has it, and written to (or reported missing in) the first one.
		cand = filepath.Join(absDir(dirs[0]), native)
		if !write {
			for _, d := range dirs {
				c := filepath.Join(absDir(d), native)
				if _, err := os.Stat(c); err == nil {
					cand = c
					break
				}
			}
		}
	}
	real := resolveReal(cand, 0)
	if dir, base := filepath.Split(cand); noFollow && base != "" && base != "." && base != ".." {
		real = filepath.Join(resolveReal(dir, 0), base)
	}
	inside := false
	for _, d := range dirs {
		if within(real, resolveReal(absDir(d), 0)) {
			inside = true
			break
		}
	}
	if rel && !write && fa.FS != nil {
		if _, err := os.Stat(real); !inside || err != nil {
			if name, ok := fsName(native); ok {
				if _, err := fs.Stat(fa.FS, name); err == nil {
					return fileLoc{fsys: fa.FS, name: name}
				}
			}
		}
	}
	if !inside {
		mode := "read"
		if write {
			mode = "write"
		}
		th.fileError(p, "~S is outside the directories this session may ~A (~A): cannot ~A it. "+sandboxHint,
			p, NewString(mode), NewString(strings.Join(dirs, ", ")), NewString(verb))
	}
	return fileLoc{host: real}
}

// fsName converts a relative host path to an fs.FS name, refusing names
// that climb out of the file system's root.
func fsName(native string) (string, bool) {
	n := path.Clean(filepath.ToSlash(native))
	if n == "" {
		n = "."
	}
	return n, fs.ValidPath(n)
}

func absDir(d string) string {
	if a, err := filepath.Abs(d); err == nil {
		return a
	}
	return d
}

// within reports whether p is dir or inside it (both cleaned and absolute).
func within(p, dir string) bool {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	return r == "." || (r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)))
}

// resolveReal resolves symlinks and ".." in an absolute path the way the
// kernel would, also for paths whose tail does not exist yet: the existing
// prefix is resolved with EvalSymlinks, a dangling symlink is followed to its
// target, and only never-existing components are joined lexically.
func resolveReal(p string, depth int) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		if a, err := filepath.Abs(r); err == nil {
			return a
		}
		return r
	}
	if depth > 64 {
		return filepath.Clean(p)
	}
	dir, base := filepath.Split(p)
	if base == "" {
		trimmed := strings.TrimRight(p, string(filepath.Separator))
		if trimmed == "" || trimmed == p {
			return filepath.Clean(p)
		}
		return resolveReal(trimmed, depth+1)
	}
	if dir == "" {
		dir = "."
	}
	rdir := resolveReal(dir, depth+1)
	switch base {
	case ".":
		return rdir
	case "..":
		return filepath.Dir(rdir)
	}
	full := filepath.Join(rdir, base)
	if fi, err := os.Lstat(full); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		target, err := os.Readlink(full)
		if err == nil {
			if !filepath.IsAbs(target) {
				target = rdir + string(filepath.Separator) + target
			}
			return resolveReal(target, depth+1)
		}
	}
	return full
}

// nativePath renders p as a host file name: no escapes, ~ expanded. Wild
// pathnames are refused.
func (th *Thread) nativePath(p *Pathname, verb string) string {
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

// stat returns information about a resolved location.
func (loc fileLoc) stat() (fs.FileInfo, error) {
	if loc.fsys != nil {
		return fs.Stat(loc.fsys, loc.name)
	}
	return os.Stat(loc.host)
}

// truenameOf returns the pathname of an existing location: the host path
// with symlinks resolved (directories in directory form), or the FS name.
func (th *Thread) truenameOf(loc fileLoc, isDir bool) *Pathname {
	if loc.fsys != nil {
		return ParseNativePath(th.Img, loc.name, isDir)
	}
	real := loc.host
	if r, err := filepath.EvalSymlinks(real); err == nil {
		real = r
	}
	return ParseNativePath(th.Img, real, isDir)
}

// --- file streams ---

const fileBufSize = 64 << 10

// FileStream is a stream over a file (OPEN). Character streams encode text as
// UTF-8 or Latin-1; binary streams move integers of 8 to 64 bits, little-endian.
type FileStream struct {
	pathname *Pathname
	host     string // host path ("" for a file of the embedder's fs.FS)
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
	tmp, target   string // :supersede writes tmp and renames it over target on close
	backup        string // :rename keeps the old file here; abort restores it
	err           error
}

// LispType implements LispTyped.
func (s *FileStream) LispType() string { return "FILE-STREAM" }

// Pathname returns the pathname the stream was opened with.
func (s *FileStream) Pathname() *Pathname { return s.pathname }

// HostPath returns the host file the stream reads or writes ("" for an fs.FS file).
func (s *FileStream) HostPath() string {
	if s.target != "" {
		return s.target
	}
	return s.host
}

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

// ReadElement reads one integer element of a binary stream; ok is false at end of file.
func (s *FileStream) ReadElement() (Value, bool) {
	if s.closed || !s.in {
		return nil, false
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

// WriteElement writes one integer element, signalling TYPE-ERROR when v does
// not fit the element type.
func (s *FileStream) WriteElement(th *Thread, v Value) {
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
	switch {
	case abort && s.tmp != "":
		_ = os.Remove(s.tmp)
	case abort && s.created:
		_ = os.Remove(s.host)
		if s.backup != "" {
			_ = os.Rename(s.backup, s.host)
		}
	case s.tmp != "":
		if err := os.Rename(s.tmp, s.target); err != nil && s.err == nil {
			s.err = err
			_ = os.Remove(s.tmp)
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

// parseElementType maps an :ELEMENT-TYPE to (binary, signed, bytes, canonical type).
func (th *Thread) parseElementType(v Value) (bool, bool, int, Value) {
	c := th.Img.CLSym
	if v == nil {
		return false, false, 1, c("CHARACTER")
	}
	if s, ok := v.(*Symbol); ok {
		switch {
		case kwName(s) == "DEFAULT":
			return false, false, 1, c("CHARACTER")
		case s.Pkg == th.Img.CL:
			switch s.Name {
			case "CHARACTER", "BASE-CHAR", "STANDARD-CHAR", "EXTENDED-CHAR":
				return false, false, 1, c("CHARACTER")
			case "UNSIGNED-BYTE", "BIT":
				return true, false, 1, List(c("UNSIGNED-BYTE"), MakeInt(8))
			case "SIGNED-BYTE":
				return true, true, 1, List(c("SIGNED-BYTE"), MakeInt(8))
			case "FIXNUM":
				return true, true, 8, List(c("SIGNED-BYTE"), MakeInt(64))
			}
		}
	}
	if l, ok := v.(*Cons); ok {
		head, _ := l.Car.(*Symbol)
		args := ListToSlice(l.Cdr)
		if head != nil && head.Pkg == th.Img.CL && (head.Name == "UNSIGNED-BYTE" || head.Name == "SIGNED-BYTE" || head.Name == "MOD") {
			bits := 8
			if len(args) == 1 {
				if n, ok := args[0].(Fixnum); ok && n > 0 && n <= 64 {
					bits = int(n)
					if head.Name == "MOD" {
						bits = 1
						for int64(1)<<bits < int64(n) && bits < 64 {
							bits++
						}
					}
				} else if !isStar(args[0]) {
					th.fileErrorNoPath("unsupported :ELEMENT-TYPE ~S: golem file streams hold characters or integers of up to 64 bits.", v)
				}
			}
			size := (bits + 7) / 8
			for size&(size-1) != 0 {
				size++
			}
			signed := head.Name == "SIGNED-BYTE"
			name := "UNSIGNED-BYTE"
			if signed {
				name = "SIGNED-BYTE"
			}
			return true, signed, size, List(c(name), MakeInt(int64(size*8)))
		}
	}
	th.fileErrorNoPath("unsupported :ELEMENT-TYPE ~S: golem file streams hold characters or integers of up to 64 bits.", v)
	return false, false, 1, nil
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
		if _, err := os.Stat(loc.host); errors.Is(err, fs.ErrNotExist) {
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
	s.host = loc.host
	fi, statErr := os.Stat(loc.host)
	exists := statErr == nil
	if statErr != nil && !errors.Is(statErr, fs.ErrNotExist) {
		th.fileError(p, "error opening ~S: ~A", p, NewString(osErrText(statErr)))
	}
	if exists && fi.IsDir() && direction != "PROBE" {
		th.fileError(p, "error opening ~S: Is a directory", p)
	}
	if direction == "PROBE" {
		if !exists {
			if ifDNE != "CREATE" {
				return notExist()
			}
			f, err := os.OpenFile(loc.host, os.O_RDWR|os.O_CREATE, 0o666)
			if err != nil {
				th.openError(p, loc.host, err)
			}
			_ = f.Close()
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
		f, err := os.OpenFile(loc.host, flags|os.O_CREATE|os.O_EXCL, 0o666)
		if err != nil {
			th.openError(p, loc.host, err)
		}
		s.f, s.created = f, true
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
		f, err := os.Open(loc.host)
		if err != nil {
			th.openError(p, loc.host, err)
		}
		s.f = f
	} else {
		switch ifExists {
		case "NIL":
			return NIL
		case "ERROR", "NEW-VERSION":
			th.fileError(p, "The file ~S already exists: File exists", p)
		case "RENAME", "RENAME-AND-DELETE":
			bak := loc.host + ".bak"
			if err := os.Rename(loc.host, bak); err != nil {
				th.openError(p, loc.host, err)
			}
			if ifExists == "RENAME-AND-DELETE" {
				_ = os.Remove(bak)
			} else {
				s.backup = bak
			}
			create()
		case "SUPERSEDE":
			f, err := os.CreateTemp(filepath.Dir(loc.host), "."+filepath.Base(loc.host)+".golem-*")
			if err != nil {
				th.openError(p, loc.host, err)
			}
			_ = f.Chmod(fi.Mode().Perm())
			s.f, s.tmp, s.target = f, f.Name(), loc.host
		case "OVERWRITE", "APPEND":
			f, err := os.OpenFile(loc.host, flags, 0)
			if err != nil {
				th.openError(p, loc.host, err)
			}
			s.f = f
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

func (th *Thread) openError(p *Pathname, host string, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		if _, derr := os.Stat(filepath.Dir(host)); derr != nil {
			th.fileError(p, "The path ~S does not exist.", p)
		}
	}
	th.fileError(p, "error opening ~S: ~A", p, NewString(osErrText(err)))
}

// OpenLoadFile opens spec for LOAD under the file policy: the name as given
// or, when that does not exist and spec has no type, NAME.lisp. It returns
// the stream (nil when no file exists) and the pathname merged with
// *default-pathname-defaults*. Sandbox refusals signal FILE-ERROR.
func (th *Thread) OpenLoadFile(spec Value) (*FileStream, *Pathname) {
	p := th.mergedPathname(spec)
	try := func(p *Pathname) *FileStream {
		v := th.openFile([]Value{p, th.Img.Kw("IF-DOES-NOT-EXIST"), NIL}, "load")
		if s, ok := v.(*FileStream); ok {
			return s
		}
		return nil
	}
	if s := try(p); s != nil {
		return s, p
	}
	if p.Type == NIL && p.Name != NIL {
		q := p.copy()
		q.Type = NewString("lisp")
		if s := try(q); s != nil {
			return s, q
		}
	}
	return nil, p
}

// --- directory listing ---

type lister interface {
	readDir(p string) []fs.DirEntry
	stat(p string) (fs.FileInfo, error)
	join(a, b string) string
}

type osLister struct{}

func (osLister) readDir(p string) []fs.DirEntry {
	es, _ := os.ReadDir(p)
	return es
}
func (osLister) stat(p string) (fs.FileInfo, error) { return os.Stat(p) }
func (osLister) join(a, b string) string            { return filepath.Join(a, b) }

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
	p := th.mergedPathname(args[0])
	if !p.IsWild() {
		loc := th.resolveAccess(p, false, "list")
		fi, err := loc.stat()
		if err != nil {
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
		if h.fs {
			tp = ParseNativePath(th.Img, h.path, h.isDir)
		} else {
			hp := h.path
			if th.Img.Sandbox || resolve {
				real := resolveReal(hp, 0)
				if th.Img.Sandbox && !th.readable(real) {
					continue
				}
				if resolve {
					hp = real
				}
			}
			tp = ParseNativePath(th.Img, hp, h.isDir)
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

// dirHit is one DIRECTORY result before it becomes a truename.
type dirHit struct {
	path      string
	isDir, fs bool
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
	for _, d := range append(append([]string(nil), fa.ReadDirs...), fa.WriteDirs...) {
		abs := th.MergePathnames(base, ParseNativePath(th.Img, absDir(d), true), NIL)
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
	var l lister = osLister{}
	root := loc.host
	if loc.fsys != nil {
		l, root = fsLister{loc.fsys}, loc.name
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
			hits = append(hits, dirHit{d, true, loc.fsys != nil})
			continue
		}
		if !isWildComponent(p.Name) && !isWildComponent(p.Type) {
			name, _ := p.fileNamestringNative()
			j := l.join(d, name)
			if fi, err := l.stat(j); err == nil {
				hits = append(hits, dirHit{j, fi.IsDir(), loc.fsys != nil})
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
				hits = append(hits, dirHit{j, fi.IsDir(), loc.fsys != nil})
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

// readable reports whether a resolved host path lies inside the sandbox's
// readable directories.
func (th *Thread) readable(real string) bool {
	fa := th.Img.Files
	for _, d := range append(append([]string(nil), fa.ReadDirs...), fa.WriteDirs...) {
		if within(real, resolveReal(absDir(d), 0)) {
			return true
		}
	}
	return false
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
func (th *Thread) binaryStreamArg(v Value, input bool) *FileStream {
	th.streamArg(v)
	fstream := th.fileStreamArg(v)
	if fstream == nil || !fstream.binary || (input && !fstream.in) || (!input && !fstream.out) {
		dir := "output"
		if input {
			dir = "input"
		}
		th.simpleTypeError(v, List(th.Img.S.Satisfies, th.Img.CLSym("STREAMP")),
			"~S is not a binary "+dir+" stream.", v)
	}
	if fstream.closed {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-STREAM-ERROR", th.Img.Kw("STREAM"), v,
			th.Img.Kw("FORMAT-CONTROL"), NewString("~S is closed"), th.Img.Kw("FORMAT-ARGUMENTS"), List(v)))
	}
	return fstream
}

func (th *Thread) universalTimeOf(t time.Time) Value {
	return MakeInt(t.Unix() + unixToUniversal)
}

func (th *Thread) existingLoc(v Value, verb, what string) (*Pathname, fileLoc, fs.FileInfo) {
	p := th.mergedPathname(v)
	loc := th.resolveAccess(p, false, verb)
	fi, err := loc.stat()
	if err != nil {
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
				if fi, err := os.Stat(s.HostPath()); err == nil {
					return th.truenameOf(fileLoc{host: s.HostPath()}, fi.IsDir())
				}
				return NIL
			}
			p := th.mergedPathname(args[0])
			loc := th.resolveAccess(p, false, "probe")
			fi, err := loc.stat()
			if err != nil {
				return NIL
			}
			return th.truenameOf(loc, fi.IsDir())
		}},
		{Name: "TRUENAME", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			if s, ok := args[0].(*FileStream); ok {
				if s.host == "" {
					return ParseNativePath(th.Img, s.fsName, false)
				}
				return th.truenameOf(fileLoc{host: s.HostPath()}, false)
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
			fi, err := os.Lstat(loc.host)
			if err == nil && fi.IsDir() {
				err = syscall.EISDIR
			}
			if err == nil {
				err = os.Remove(loc.host)
			}
			if err != nil {
				th.fileError(p, "Could not delete the file ~S: ~A", NewString(loc.host), NewString(osErrText(err)))
			}
			return T
		}},
		{Name: "RENAME-FILE", Min: 2, Max: 2, MV: true, Params: "(FILE NEW-NAME)", Fn: func(th *Thread, args []Value) Value {
			p := th.mergedPathname(args[0])
			loc := th.resolveAccessMode(p, true, true, "rename")
			if _, err := os.Lstat(loc.host); err != nil {
				th.fileError(p, "Failed to find the TRUENAME of ~A: ~A", NewString(loc.host), NewString(osErrText(err)))
			}
			old := th.truenameOf(loc, false)
			np := th.MergePathnames(th.PathnameDesignator(args[1]), p, th.Img.Kw("NEWEST"))
			nloc := th.resolveAccessMode(np, true, true, "rename to")
			if err := os.Rename(loc.host, nloc.host); err != nil {
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
				if fi, err := os.Stat(loc.host); err == nil && fi.IsDir() {
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
				if err := os.MkdirAll(loc.host, mode); err != nil {
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
			v, ok := s.ReadElement()
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
			th.streamArg(args[0])
			if s := th.fileStreamArg(args[0]); s != nil {
				return s.elemType
			}
			if b, ok := args[0].(*BroadcastStream); ok && len(b.Targets) == 0 {
				return T
			}
			return th.Img.CLSym("CHARACTER")
		}},
		{Name: "STREAM-EXTERNAL-FORMAT", Min: 1, Max: 1, Params: "(STREAM)", Fn: func(th *Thread, args []Value) Value {
			th.streamArg(args[0])
			if s := th.fileStreamArg(args[0]); s != nil {
				return s.format
			}
			return NIL
		}},
		{Name: "INTERACTIVE-STREAM-P", Min: 1, Max: 1, Params: "(STREAM)", Fn: func(th *Thread, args []Value) Value {
			th.streamArg(args[0])
			return NIL
		}},
		{Name: "FILE-STRING-LENGTH", Min: 2, Max: 2, Params: "(STREAM OBJECT)", Fn: func(th *Thread, args []Value) Value {
			th.streamArg(args[0])
			var text string
			switch x := args[1].(type) {
			case Char:
				text = string(rune(x))
			case *String:
				text = x.String()
			default:
				th.TypeError(args[1], List(th.Img.S.Or, th.Img.S.String, th.Img.S.Character))
			}
			if s := th.fileStreamArg(args[0]); s != nil && !s.latin1 && !s.binary {
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
	fstream := th.fileStreamArg(args[1])
	binary := fstream != nil && fstream.binary
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
			v, ok := fstream.ReadElement()
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
