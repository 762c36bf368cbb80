import sys,glob,collections,os
KEYS=('mayArmBias','armBias','upRead','downRead','downReadSlowpath','rwsemRevokeBias','revokeBiasTimed','awaitNoBiasedReaders','biasedRead','tryBiasedRead','tryBiasedUnlock','nextInt','current','nanoTime','downWrite','upWrite','downWriteSlowpath','rwsemOptimisticSpin','readerStealBeforeQueueing','pause','onSpinWait','rwsemWake','park','unpark','biasState')
for d in sys.argv[1:]:
    files=[d] if os.path.isfile(d) else [f for f in glob.glob(d+'/**/*',recursive=True) if os.path.isfile(f) and ('collapsed' in f or f.endswith('.csv'))]
    selfc=collections.Counter(); incl=collections.Counter(); total=0
    for f in files:
        for line in open(f, errors='replace'):
            line=line.rstrip('\n')
            stack,_,n=line.rpartition(' ')
            try: n=int(n)
            except: continue
            frames=stack.split(';')
            if not any('oneLockLoop' in fr for fr in frames): continue
            total+=n
            selfc[frames[-1]]+=n
            ms=set(fr.split('.')[-1].split('_[')[0] for fr in frames)
            for k in KEYS:
                if k in ms: incl[k]+=n
    print('==',d,'worker samples',total,'files',len(files))
    if not total: continue
    for k,v in selfc.most_common(14): print('  self %5.1f%% %s'%(100*v/total,k[-100:]))
    print('  incl: '+', '.join('%s %.1f%%'%(k,100*incl[k]/total) for k in KEYS if incl[k]))
