#!/usr/bin/env python3
"""Are the GPU kernels of two builds the same machine code? For machines without cuobjdump/nvdisasm
(the developers' have none): reads the cubins embedded, uncompressed, in the fatbins of *.cu.o
objects (or *.cubin files) and, function by function (matched by mangled name, so a kernel may
move between translation units), compares the SASS bytes (.text), the register count and flags,
the .nv.info attributes (symbol indices resolved to names), the .nv.constant0 / .nv.shared sizes
and the relocations resolved to symbol names. Identical .text bytes are identical SASS.

Usage:  mkdir /tmp/before && cp build/kernels/CMakeFiles/scanscope_device.dir/device/*.cu.o /tmp/before/
        (change, rebuild)
        scripts/sass_compare.py /tmp/before build/kernels/CMakeFiles/scanscope_device.dir/device
Exit code 0 when every function is identical, 1 otherwise (each difference is listed)."""
import glob
import os
import re
import struct
import sys


def cubins(path):
    """(name, bytes) of every sm_xx ELF inside path (a .cubin, or a host object with a fatbin)."""
    d = open(path, 'rb').read()
    if path.endswith('.cubin'):
        return [(os.path.basename(path), d)]
    out = []
    for m in re.finditer(b'\x7fELF', d):
        s = m.start()
        if s == 0 or struct.unpack_from('<H', d, s + 0x12)[0] != 190:  # EM_CUDA
            continue
        shoff, = struct.unpack_from('<Q', d, s + 0x28)
        shentsize, shnum = struct.unpack_from('<HH', d, s + 0x3A)
        end = shoff + shentsize * shnum
        for i in range(shnum):
            h = s + shoff + i * shentsize
            typ, = struct.unpack_from('<I', d, h + 4)
            off, size = struct.unpack_from('<QQ', d, h + 24)
            if typ != 8:
                end = max(end, off + size)
        out.append(('%s#%d' % (os.path.basename(path), len(out)), d[s:s + end]))
    return out


def sections(d):
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', d, 0x3A)
    secs = []
    for i in range(shnum):
        name, typ, flags, addr, off, size, link, info, align, entsize = struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * shentsize)
        secs.append(dict(name=name, type=typ, flags=flags, off=off, size=size, link=link, info=info, entsize=entsize))
    strtab = secs[shstrndx]
    def s(o, tab):
        b = d[tab['off'] + o:]
        return b[:b.index(b'\0')].decode()
    for x in secs:
        x['n'] = s(x['name'], strtab)
        x['data'] = d[x['off']:x['off'] + x['size']] if x['type'] != 8 else b''
    # symbols
    syms = []
    for x in secs:
        if x['type'] == 2:
            st = secs[x['link']]
            for k in range(x['size'] // 24):
                nm, inf, oth, shndx, val, sz = struct.unpack_from('<IBBHQQ', x['data'], k * 24)
                n = s(nm, st)
                if not n and shndx < len(secs): n = 'SECTION:' + secs[shndx]['n']
                syms.append(n)
    return secs, syms

def norm(n):
    return re.sub(r'_GLOBAL__N__[0-9a-f]+_', '_GLOBAL__N__X_', n)

def nvinfo(d, syms):
    # EIATTR records: format, attribute, then a value; symbol indices resolved to names
    out, i = [], 0
    while i < len(d):
        fmt, attr = d[i], d[i + 1]
        if fmt == 0x01: out.append((attr,)); i += 2
        elif fmt == 0x02: out.append((attr, d[i + 2:i + 4])); i += 4
        elif fmt == 0x03: out.append((attr, d[i + 2:i + 4])); i += 4
        elif fmt == 0x04:
            size, = struct.unpack_from('<H', d, i + 2); val = d[i + 4:i + 4 + size]
            if attr == 0x0a and size >= 4:  # EIATTR_PARAM_CBANK: symbol of .nv.constant0
                idx, = struct.unpack_from('<I', val, 0); val = (norm(syms[idx]), val[4:])
            out.append((attr, val)); i += 4 + size
        else: out.append(('raw', d[i:])); break
    return out

def kernels(d):
    secs, syms = sections(d)
    out = {}
    by = {x['n']: x for x in secs}
    for x in secs:
        if x['n'].startswith('.text.'):
            k = re.sub(r'_GLOBAL__N__[0-9a-f]+_', '_GLOBAL__N__X_', x['n'][6:])
            sym = syms[x['info'] & 0xffffff] if (x['info'] & 0xffffff) < len(syms) else '?'
            rec = {'text': x['data'], 'flags': x['flags'], 'info': (x['info'] >> 24, norm(sym))}
            for pre in ('.nv.info.', '.nv.constant0.', '.nv.shared.'):
                y = by.get(pre + x['n'][6:])
                rec[pre] = (y['size'], nvinfo(y['data'], syms) if pre == '.nv.info.' else y['data']) if y else None
            rels = []
            for rn in ('.rela.text.' + x['n'][6:], '.rel.text.' + x['n'][6:]):
                y = by.get(rn)
                if not y: continue
                es = 24 if rn.startswith('.rela') else 16
                for j in range(y['size'] // es):
                    if es == 24: off, inf, add = struct.unpack_from('<QQq', y['data'], j * es)
                    else: (off, inf), add = struct.unpack_from('<QQ', y['data'], j * es), 0
                    rels.append((off, inf & 0xffffffff, norm(syms[inf >> 32]), add))
            rec['rel'] = rels
            out[k] = rec
    return out


def load(dirn):
    ks = {}
    for f in sorted(glob.glob(os.path.join(dirn, '*.cu.o')) + glob.glob(os.path.join(dirn, '*.cubin'))):
        for name, d in cubins(f):
            for k, v in kernels(d).items():
                v['file'] = name
                ks[k] = v
    return ks


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = load(sys.argv[1]), load(sys.argv[2])
    same = diff = 0
    for k in sorted(set(a) | set(b)):
        if k not in a:
            print('NEW  ', b[k]['file'], k)
        elif k not in b:
            print('GONE ', a[k]['file'], k)
        else:
            what = [f for f in ('text', 'flags', 'info', '.nv.info.', '.nv.constant0.', '.nv.shared.', 'rel') if a[k][f] != b[k][f]]
            if not what:
                same += 1
                continue
            print('DIFF ', a[k]['file'], '->', b[k]['file'], k, what)
        diff += 1
    print('%d functions identical, %d differ, new or gone (%d before, %d after)' % (same, diff, len(a), len(b)))
    sys.exit(1 if diff or not a else 0)


if __name__ == '__main__':
    main()
