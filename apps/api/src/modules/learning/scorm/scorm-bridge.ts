/**
 * The SCORM runtime bridge: a small script the content origin loads into every HTML page of a SCORM
 * package, before the package's own scripts. The runtime (scorm-again) stays in the app's window, which
 * the package cannot reach (another origin); the bridge gives the package the `API` (1.2) or `API_1484_11`
 * (2004) object it looks for in its own window.
 *
 * SCORM calls are synchronous and postMessage is not, so the bridge keeps the runtime data in the frame:
 * seeded by the player at launch through the frame's name (`trilha-scorm:{version, cmi, origin}`, readable
 * synchronously and kept across the package's own page changes), answered locally by GetValue, and updated
 * by SetValue. Every call is relayed in order to the player, which checks the sender (origin and window),
 * runs it on scorm-again and answers each one; a call the runtime refused sets the bridge's last error and
 * the runtime's value back. Messages go only to the app's origin named in the seed.
 *
 * Kept as plain ES5 text: it runs inside arbitrary packages, in whatever browser they were written for.
 */
export const SCORM_BRIDGE_SOURCE = String.raw`(function () {
  "use strict";
  var PREFIX = "trilha-scorm:";
  var state = null;
  try {
    if (typeof window.name === "string" && window.name.indexOf(PREFIX) === 0) {
      state = JSON.parse(window.name.slice(PREFIX.length));
    }
  } catch (e) {
    state = null;
  }
  if (!state || !state.cmi || !state.origin || window.parent === window) return;
  var v12 = state.version === "1.2";
  var cmi = state.cmi;
  var seq = 0;
  var initialized = false;
  var terminated = false;
  var lastError = "0";
  var pending = {};

  var children12 = {
    "cmi.core._children": "student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time",
    "cmi.core.score._children": "raw,min,max",
    "cmi.objectives._children": "id,score,status",
    "cmi.student_data._children": "mastery_score,max_time_allowed,time_limit_action",
    "cmi.student_preference._children": "audio,language,speed,text",
    "cmi.interactions._children": "id,objectives,time,type,correct_responses,weighting,student_response,result,latency"
  };
  var children2004 = {
    "cmi._version": "1.0",
    "cmi.score._children": "scaled,raw,min,max",
    "cmi.objectives._children": "id,score,success_status,completion_status,progress_measure,description",
    "cmi.interactions._children": "id,type,objectives,timestamp,correct_responses,weighting,learner_response,result,latency,description",
    "cmi.learner_preference._children": "audio_level,language,delivery_speed,audio_captioning",
    "cmi.comments_from_learner._children": "comment,location,timestamp",
    "cmi.comments_from_lms._children": "comment,location,timestamp"
  };
  var messages = {
    "0": "No error", "101": "General exception", "103": "Already initialized",
    "104": "Content instance terminated", "112": "Termination before initialization",
    "113": "Termination after termination", "122": "Retrieve data before initialization",
    "123": "Retrieve data after termination", "132": "Store data before initialization",
    "133": "Store data after termination", "142": "Commit before initialization",
    "143": "Commit after termination", "201": "Invalid argument error", "301": "Not initialized",
    "401": "Undefined data model element", "403": "Element is read only", "404": "Element is write only"
  };

  function save() {
    try {
      window.name = PREFIX + JSON.stringify({ version: state.version, cmi: cmi, origin: state.origin });
    } catch (e) {
      /* the page keeps its values in memory */
    }
  }

  function post(call, name, value) {
    seq += 1;
    pending[seq] = name;
    window.parent.postMessage(
      { type: "trilha-scorm", call: call, name: name, value: value, seq: seq },
      state.origin
    );
  }

  window.addEventListener("message", function (event) {
    if (event.source !== window.parent || event.origin !== state.origin) return;
    var data = event.data;
    if (!data || data.type !== "trilha-scorm-result") return;
    var name = pending[data.seq];
    delete pending[data.seq];
    if (String(data.error) !== "0") {
      lastError = String(data.error);
      if (name && typeof data.value === "string") {
        cmi[name] = data.value;
        save();
      }
    }
  });

  function count(name) {
    var base = name.slice(0, -"_count".length);
    var max = -1;
    for (var key in cmi) {
      if (key.indexOf(base) === 0) {
        var n = parseInt(key.slice(base.length), 10);
        if (!isNaN(n) && n > max) max = n;
      }
    }
    return String(max + 1);
  }

  function fail(code) {
    lastError = code;
    return "false";
  }

  function initialize() {
    if (terminated) return fail(v12 ? "101" : "104");
    if (initialized) return fail(v12 ? "101" : "103");
    initialized = true;
    lastError = "0";
    post("Initialize");
    return "true";
  }

  function terminate() {
    if (!initialized) return fail(v12 ? "301" : "112");
    if (terminated) return fail(v12 ? "101" : "113");
    terminated = true;
    lastError = "0";
    post("Terminate");
    return "true";
  }

  function getValue(name) {
    name = String(name);
    if (!initialized) return (lastError = v12 ? "301" : "122"), "";
    if (terminated) return (lastError = v12 ? "101" : "123"), "";
    if (name === "") return (lastError = v12 ? "201" : "301"), "";
    lastError = "0";
    var table = v12 ? children12 : children2004;
    if (Object.prototype.hasOwnProperty.call(table, name)) return table[name];
    if (/\._count$/.test(name)) return count(name);
    return Object.prototype.hasOwnProperty.call(cmi, name) ? String(cmi[name]) : "";
  }

  function setValue(name, value) {
    name = String(name);
    if (!initialized) return fail(v12 ? "301" : "132");
    if (terminated) return fail(v12 ? "101" : "133");
    if (name === "" || /\._(children|count|version)$/.test(name)) return fail(v12 ? "201" : "351");
    lastError = "0";
    cmi[name] = String(value);
    save();
    post("SetValue", name, String(value));
    return "true";
  }

  function commit() {
    if (!initialized) return fail(v12 ? "301" : "142");
    if (terminated) return fail(v12 ? "101" : "143");
    lastError = "0";
    post("Commit");
    return "true";
  }

  function errorString(code) {
    return messages[String(code)] || "";
  }

  if (v12) {
    window.API = {
      LMSInitialize: initialize,
      LMSFinish: terminate,
      LMSGetValue: getValue,
      LMSSetValue: setValue,
      LMSCommit: commit,
      LMSGetLastError: function () { return lastError; },
      LMSGetErrorString: errorString,
      LMSGetDiagnostic: errorString
    };
  } else {
    window.API_1484_11 = {
      Initialize: initialize,
      Terminate: terminate,
      GetValue: getValue,
      SetValue: setValue,
      Commit: commit,
      GetLastError: function () { return lastError; },
      GetErrorString: errorString,
      GetDiagnostic: errorString
    };
  }
})();
`;
