import json,glob,sys,os,statistics as st
out=sys.argv[1]
res={}
for f in glob.glob(out+'/*.json'):
    name,ratio,r=os.path.basename(f)[:-5].rsplit('-',2)
    try: b=json.load(open(f))[0]
    except Exception: continue
    s=b['secondaryMetrics']
    ops=st.mean(s['opsPerMs']['rawData'][0])
    arms=st.mean(s['armsPerKop']['rawData'][0]) if 'armsPerKop' in s else 0
    res.setdefault((ratio,name),{})[int(r)]=(ops,arms)
for ratio in sorted({k[0] for k in res}):
    rec=res.get((ratio,'rec'),{})
    for name in sorted({k[1] for k in res if k[0]==ratio}):
        d=res[(ratio,name)]
        within=[d[r][0]/rec[r][0] for r in d if r in rec]
        print(ratio, name, 'ops', [round(d[r][0]/1000) for r in sorted(d)], 'median ratio to rec in round %.2f'%st.median(within) if within else '', 'arms/kop %.2f'%st.median([d[r][1] for r in d]))
