-- POST a JSON body with a fresh event id each time: BODY has %s where the id goes.
local counter = 0
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  local token = os.getenv("TOKEN")
  if token and token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
  template = os.getenv("BODY")
  run = os.getenv("RUN") or "0"
end

function request()
  counter = counter + 1
  local id = string.format("%s-%d-%d", run, tid, counter)
  return wrk.format(nil, nil, nil, string.format(template, id))
end
