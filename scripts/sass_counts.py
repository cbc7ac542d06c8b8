#!/usr/bin/env python3
"""Counts of the memory, barrier and warp instructions of the kernels of an sm_90 cubin, with the
widths, memory orders and L1 eviction hints of LDG/STG, for machines without cuobjdump/nvdisasm
(the static comparison of the pairs pass with CUB's, docs/performance.md, 2026-12-08). Only the
opcodes listed in NAMES are named (bits 0-8 of the 128-bit word, as engine/gpu/sass.cpp reads
them); the LDG/STG fields (width bits 73-75, order bits 77-80, eviction hint bits 84-86) were found
by assembling PTX with each variant (ld.global.cs/.lu/.L1::evict_last/.nc/.volatile/.relaxed.gpu,
st.global.cs/.cg/.volatile, v2/v4/u64) with ptxas and comparing the words.

Usage: scripts/sass_counts.py FILE.cubin NAME_SUBSTRING [show]
       (a cubin from `nvcc -arch=sm_90 -cubin`; ^PREFIX matches names from their start; `show`
       lists every instruction with its offset, guard and branch target)"""
import collections, struct, sys
def funcs(path):
    d = open(path,'rb').read()
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', d, 0x3A)
    secs=[]
    for i in range(shnum):
        name, typ, flags, addr, off, size, link, info, align, entsize = struct.unpack_from('<IIQQQQIIQQ', d, shoff + i*shentsize)
        secs.append((name,typ,off,size,info))
    so = secs[shstrndx][2]
    def nm(o): 
        e = d.index(b'\0', so+o); return d[so+o:e].decode()
    out={}
    for (name,typ,off,size,info) in secs:
        n = nm(name)
        if n.startswith('.text.'):
            words=[]
            for o in range(0,size,16):
                lo,hi = struct.unpack_from('<QQ', d, off+o)
                words.append((o,lo,hi))
            out[n[6:]] = words
    return out
def op(lo): return lo & 0xfff

NAMES = {0x181:'LDG',0x186:'STG',0x184:'LDS',0x188:'STS',0x18c:'ATOMS',0x11d:'BAR',0x006:'VOTE',0x1a1:'MATCH',0x189:'SHFL',
         0x15d:'NANOSLEEP',0x192:'MEMBAR',0x1ab:'ERRBAR',0x18f:'CCTL',0x1a8:'ATOMG',0x18e:'RED',0x109:'POPC',0x100:'FLO',0x016:'PRMT',
         0x147:'BRA',0x14d:'EXIT',0x118:'NOP',0x182:'LDC',0x119:'S2R',0x1c3:'CS2R',0x180:'LD',0x185:'ST',0x1ae:'LDGSTS',0x1b6:'UBLKCP', 0x1af:'LDGDEPBAR', 0x11a:'DEPBAR', 0x1a7:'SYNCS', 0x183:'LDL', 0x187:'STL'}
SEM = {0:'', 4:'.CONSTANT', 5:'.STRONG.SM?', 7:'.STRONG.GPU', 10:'.STRONG.SYS'}
HINT = {0:'.EF', 1:'', 2:'.EL', 3:'.LU', 4:'.EU', 5:'.NA'}
WID = {0:'.U8',1:'.S8',2:'.U16',3:'.S16',4:'',5:'.64',6:'.128',7:'.U.128'}
def name(lo, hi):
    o = op(lo) & 0x1ff
    n = NAMES.get(o, '%03x' % o)
    if n in ('LDG','STG'):
        n += WID[(hi>>9)&7] + SEM.get((hi>>13)&0xf, '.sem%d'%((hi>>13)&0xf)) + HINT.get((hi>>20)&7, '.h%d'%((hi>>20)&7))
    elif n in ('LDS','STS'):
        n += WID[(hi>>9)&7]
    return n
def guard(lo):
    g = (lo>>12)&7; neg = (lo>>15)&1
    return None if g == 7 and not neg else (('!' if neg else '') + 'P%d'%g)
def bra_target(o, lo, hi):
    bits = ((lo >> 34) | (hi << 30)) & ((1 << 48) - 1)
    high = bits - (1 << 48 if bits >> 47 else 0)
    units = ((lo >> 16) & 0xff) + high * 256
    return o + 16 + units * 4
def listing(words):
    out=[]
    # strip trailing NOP/BRA-self
    for o,lo,hi in words:
        out.append((o, name(lo,hi), guard(lo), bra_target(o,lo,hi) if op(lo)&0x1ff==0x147 else None, lo, hi))
    while out and out[-1][1] in ('NOP',): out.pop()
    if out and out[-1][1]=='BRA' and out[-1][3]==out[-1][0]: out.pop()
    return out
def summary(path, pat, show=False):
    F = funcs(path)
    for n,w in F.items():
        if (n.startswith(pat[1:]) if pat.startswith('^') else pat in n):
            L = listing(w)
            c = collections.Counter(x[1] for x in L)
            keys = [k for k in c if any(k.startswith(p) for p in ('LDG','STG','LDS','STS','ATOMS','BAR','VOTE','MATCH','SHFL','NANO','MEMBAR','ERRBAR','CCTL','ATOMG','RED','POPC','FLO','PRMT','BRA','EXIT','LD','ST','SYNCS','UBLK','LDL','STL'))]
            print(len(L), n[:200])
            print('   ', ', '.join('%s %d'%(k,c[k]) for k in sorted(keys)))
            loops = [(x[0],x[3]) for x in L if x[1]=='BRA' and x[3] is not None and x[3] <= x[0]]
            print('    back edges (from,to):', ['%x->%x'%l for l in loops])
            if show:
                for x in L: print('      %5x %-6s %-24s %s'%(x[0], x[2] or '', x[1], ('-> %x'%x[3]) if x[3] is not None else ''))
if __name__ == '__main__':
    summary(sys.argv[1], sys.argv[2], len(sys.argv) > 3)
