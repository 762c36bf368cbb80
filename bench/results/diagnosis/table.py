import json,sys,statistics as st
rows={}
for f in sys.argv[1:]:
    for b in json.load(open(f)):
        p=b['params']; sec=b['secondaryMetrics']
        imp=p['impl']+(' (events off)' if ('diagB' in f or 'events-off' in f) else '')
        def med(k):
            if k not in sec: return None
            vals=[v for fork in sec[k]['rawData'] for v in fork]
            return st.median(vals)
        rows[(imp,p['ratio'])]={k:med(k) for k in ['timedMs','spinsPerKop','nullSpinsPerKop','spinFailsPerKop','sleepsPerKop','wakeupsPerKop','minSharePct','overlapPct']}
        rows[(imp,p['ratio'])]['forks']=len(sec['timedMs']['rawData'])
imps=[]
for (i,r) in rows:
    if i not in imps: imps.append(i)
print('| lock | r:w | ms (median) | x rrwl | spins/kop | null-owner spins/kop | failed spins/kop | sleeps/kop | wakeups/kop | min share % |')
print('|---|---|---|---|---|---|---|---|---|---|')
for i in imps:
    for r in ['0:1','1:1','10:1']:
        d=rows.get((i,r)); 
        if not d: continue
        rr=rows[('rrwl',r)]['timedMs']
        print('| %s | %s | %.0f | %.1fx | %.0f | %.0f | %.1f | %.1f | %.0f | %.0f |'%(i,r,d['timedMs'],d['timedMs']/rr,d['spinsPerKop'],d['nullSpinsPerKop'],d['spinFailsPerKop'],d['sleepsPerKop'],d['wakeupsPerKop'],d['minSharePct']))
