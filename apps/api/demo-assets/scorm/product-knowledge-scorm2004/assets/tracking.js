/*
 * SCORM 2004 (4th edition) runtime conversation. Finds the LMS's `API_1484_11` object the way the
 * SCORM 2004 RTE describes (the window's parents, then the opener's), and offers lesson.js a small
 * interface. Without an LMS the lesson still works, as a preview that saves nothing.
 */
(function () {
  "use strict";

  function findApi(start) {
    var win = start;
    for (var depth = 0; win && depth < 8; depth++) {
      try {
        if (win.API_1484_11) return win.API_1484_11;
      } catch (error) {
        return null; // a parent from another origin cannot be the LMS frame
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  var api = findApi(window) || (window.opener ? findApi(window.opener) : null);
  var connected = false;
  var terminated = false;
  var startedAt = Date.now();
  var completion = "";

  function get(name) {
    return connected ? String(api.GetValue(name) || "") : "";
  }

  function set(name, value) {
    if (!connected || terminated) return;
    if (String(api.SetValue(name, String(value))) !== "true" && window.console) {
      console.warn("SetValue(" + name + ") failed with error " + api.GetLastError());
    }
  }

  function commit() {
    if (connected && !terminated) api.Commit("");
  }

  // timeinterval (ISO 8601 duration)
  function sessionTime() {
    var seconds = Math.max(0, Math.round((Date.now() - startedAt) / 1000));
    return "PT" + Math.floor(seconds / 3600) + "H" + (Math.floor(seconds / 60) % 60) + "M" + (seconds % 60) + "S";
  }

  function end(exit) {
    if (!connected || terminated) return;
    set("cmi.session_time", sessionTime());
    set("cmi.exit", exit);
    commit();
    api.Terminate("");
    terminated = true;
  }

  window.LessonTracking = {
    start: function () {
      if (api) connected = String(api.Initialize("")) === "true";
      if (!connected) return { connected: false, location: "", suspendData: "", passingScore: null };
      completion = get("cmi.completion_status");
      if (completion !== "completed") {
        completion = "incomplete";
        set("cmi.completion_status", completion);
      }
      var passing = parseFloat(get("cmi.scaled_passing_score"));
      return {
        connected: true,
        location: get("cmi.location"),
        suspendData: get("cmi.suspend_data"),
        passingScore: isNaN(passing) ? null : passing,
      };
    },
    saveProgress: function (progress) {
      set("cmi.location", progress.location);
      set("cmi.suspend_data", progress.suspendData);
      set("cmi.progress_measure", (Math.round(progress.progress * 100) / 100).toFixed(2));
      if (progress.contentCompleted && completion !== "completed") {
        completion = "completed";
        set("cmi.completion_status", completion);
      }
      commit();
    },
    recordResult: function (result) {
      set("cmi.score.min", 0);
      set("cmi.score.max", 100);
      set("cmi.score.raw", result.percent);
      set("cmi.score.scaled", result.scaled);
      set("cmi.success_status", result.passed ? "passed" : "failed");
      commit();
    },
    finish: function () {
      end("normal");
    },
    suspend: function () {
      end("suspend");
    },
  };
})();
