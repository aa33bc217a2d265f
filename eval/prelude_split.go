package eval

import "hash/crc32"

// The embedded prelude sources are cut into their top-level forms (and
// their keywords found) at build time: prelude_split_gen.go holds the cuts,
// which splitting the text again took at every start of the CLI (about a
// quarter of a millisecond). A source whose size or checksum differs from
// the one the cuts were made for is split as before, so a stale file costs
// time, never correctness; TestPreludeSplitGenerated fails until it is
// made again (go test ./eval -run TestPreludeSplitGenerated -update-split).

// splitAtBuild is the split of one embedded source, made at build time.
type splitAtBuild struct {
	size     int
	crc      uint32   // crc32.ChecksumIEEE of the source
	bounds   []uint32 // each form's start and end offsets, in order
	keywords []string
}

// generatedSplit returns the split of src made at build time, or nil when
// there is none for this text.
func generatedSplit(src string) *preludeSplit {
	var crc uint32
	for i := range generatedSplits {
		g := &generatedSplits[i]
		if g.size != len(src) {
			continue
		}
		if crc == 0 {
			crc = stringCRC(src)
		}
		if g.crc != crc {
			continue
		}
		forms := make([]string, len(g.bounds)/2)
		for j := range forms {
			forms[j] = src[g.bounds[2*j]:g.bounds[2*j+1]]
		}
		return &preludeSplit{forms: forms, keywords: g.keywords}
	}
	return nil
}

// stringCRC is crc32.ChecksumIEEE of s, without copying s whole.
func stringCRC(s string) uint32 {
	var buf [4096]byte
	var crc uint32
	for len(s) > 0 {
		n := copy(buf[:], s)
		crc = crc32.Update(crc, crc32.IEEETable, buf[:n])
		s = s[n:]
	}
	return crc
}
