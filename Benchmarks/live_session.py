"""A live session's message cost by what came before (issue 43): a trace session fed 20,000 lines,
the median time of a one-line POST after 1,000 lines and after 20,000. Usage: start
`streamshot serve --data DIR --port PORT`, then `python3 Benchmarks/live_session.py PORT`."""
import http.client, json, time, statistics, sys
port=int(sys.argv[1])
def post(path, body):
    c=http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("POST", path, body=body.encode(), headers={"Content-Type":"application/x-ndjson"})
    r=c.getresponse(); d=r.read(); c.close(); return r.status, d
st,d=post("/v1/sessions?input=trace", '{"t":0,"type":"start","version":1,"platform":"swiftui","viewport":{"width":300,"height":200,"scale":1}}\n')
sid=json.loads(d)["id"]
n=1; t=1
def lines(k):
    global n,t
    out=[]
    for _ in range(k):
        t+=10; n+=1
        out.append(json.dumps({"t":t,"type":"show","append":f" w{n}" + ("\n\n" if n%40==0 else "")}))
    return "\n".join(out)+"\n"
def single(samples=30):
    times=[]
    for _ in range(samples):
        s=time.perf_counter(); st,_=post(f"/v1/sessions/{sid}/events", lines(1)); times.append((time.perf_counter()-s)*1000)
        assert st==202, st
    return statistics.median(times)
while n < 1000: post(f"/v1/sessions/{sid}/events", lines(100))
a=single()
while n < 20000: post(f"/v1/sessions/{sid}/events", lines(100))
b=single()
print(f"median POST of one line: after 1,000 lines {a:.2f} ms, after 20,000 lines {b:.2f} ms, ratio {b/a:.2f}")
post(f"/v1/sessions/{sid}/close","")
