-- GET with the bearer token from TOKEN.
function init(args)
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
end
