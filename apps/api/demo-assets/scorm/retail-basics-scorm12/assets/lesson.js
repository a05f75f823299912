/*
 * Page navigation, quiz and progress of a one-SCO lesson. The LMS conversation lives in
 * window.LessonTracking (tracking.js), so this file is the same for SCORM 1.2 and 2004.
 *
 * Markup contract: sections with [data-page] in order, the quiz page holds form#quiz whose fieldsets carry
 * data-question (input name), data-answer (right value) and data-explanation; buttons #prev, #next, #finish.
 */
(function () {
  "use strict";

  var tracking = window.LessonTracking;
  var pages = Array.prototype.slice.call(document.querySelectorAll("[data-page]"));
  var total = pages.length;
  var form = document.getElementById("quiz");
  var questions = Array.prototype.slice.call(form.querySelectorAll("fieldset[data-question]"));
  var quizPage = pages.indexOf(form.closest("[data-page]")) + 1;
  var prevButton = document.getElementById("prev");
  var nextButton = document.getElementById("next");
  var finishButton = document.getElementById("finish");
  var indicator = document.getElementById("page-indicator");
  var progress = document.getElementById("progress");
  var progressBar = progress.querySelector(".progress__bar");
  var quizError = document.getElementById("quiz-error");
  var result = document.getElementById("result");
  var nav = document.getElementById("lesson-nav");

  var state = { page: 1, visited: [1], answers: {} };
  var finished = false;

  function clampPage(value) {
    var page = parseInt(value, 10);
    if (isNaN(page) || page < 1) return 1;
    return Math.min(page, total);
  }

  function restore(session) {
    var saved = null;
    if (session.suspendData) {
      try {
        saved = JSON.parse(session.suspendData);
      } catch (error) {
        saved = null;
      }
    }
    if (saved && typeof saved === "object") {
      if (Array.isArray(saved.visited)) state.visited = saved.visited.filter(function (page) {
        return page >= 1 && page <= total;
      });
      if (saved.answers && typeof saved.answers === "object") state.answers = saved.answers;
      state.page = clampPage(saved.page);
    }
    if (session.location) state.page = clampPage(session.location);
    if (state.visited.indexOf(state.page) === -1) state.visited.push(state.page);

    questions.forEach(function (question) {
      var name = question.getAttribute("data-question");
      var value = state.answers[name];
      if (typeof value !== "string" || !/^[a-z0-9_-]+$/i.test(value)) return;
      var input = form.querySelector('input[name="' + name + '"][value="' + value + '"]');
      if (input) input.checked = true;
    });
    return Boolean(session.location || saved);
  }

  function render() {
    pages.forEach(function (section, index) {
      section.hidden = index + 1 !== state.page;
    });
    var onLast = state.page === total;
    prevButton.disabled = state.page === 1;
    nextButton.hidden = onLast;
    finishButton.hidden = !onLast;
    indicator.textContent = "Página " + state.page + " de " + total;
    progress.setAttribute("aria-valuenow", String(state.page));
    progress.setAttribute("aria-valuetext", "Página " + state.page + " de " + total);
    progressBar.style.width = (state.page / total) * 100 + "%";
    document.title = pages[state.page - 1].querySelector("h2").textContent + " · " + document.body.getAttribute("data-course-title");
  }

  function save() {
    if (finished) return;
    tracking.saveProgress({
      location: String(state.page),
      suspendData: JSON.stringify(state),
      progress: state.visited.length / total,
      contentCompleted: state.visited.length === total && state.visited.indexOf(quizPage) !== -1,
    });
  }

  function go(page) {
    state.page = clampPage(page);
    if (state.visited.indexOf(state.page) === -1) state.visited.push(state.page);
    quizError.hidden = true;
    document.getElementById("resume-notice").hidden = true;
    render();
    pages[state.page - 1].querySelector("h2").focus();
    save();
  }

  function optionText(question, value) {
    var input = question.querySelector('input[value="' + value + '"]');
    return input ? input.closest("label").textContent.trim() : "";
  }

  function grade() {
    var unanswered = [];
    questions.forEach(function (question) {
      var name = question.getAttribute("data-question");
      var checked = form.querySelector('input[name="' + name + '"]:checked');
      question.setAttribute("aria-invalid", checked ? "false" : "true");
      if (!checked) unanswered.push(question);
    });
    if (unanswered.length > 0) {
      quizError.textContent =
        unanswered.length === 1
          ? "Falta responder 1 pergunta antes de concluir."
          : "Faltam responder " + unanswered.length + " perguntas antes de concluir.";
      quizError.hidden = false;
      unanswered[0].querySelector("input").focus();
      return null;
    }
    var details = questions.map(function (question) {
      var name = question.getAttribute("data-question");
      var chosen = form.querySelector('input[name="' + name + '"]:checked').value;
      var answer = question.getAttribute("data-answer");
      return {
        title: question.querySelector("legend").textContent.trim(),
        correct: chosen === answer,
        answerText: optionText(question, answer),
        explanation: question.getAttribute("data-explanation") || "",
      };
    });
    var correct = details.filter(function (detail) {
      return detail.correct;
    }).length;
    return { correct: correct, total: details.length, details: details };
  }

  function showResult(outcome, passed, percent) {
    pages.forEach(function (section) {
      section.hidden = true;
    });
    nav.hidden = true;
    document.getElementById("resume-notice").hidden = true;
    indicator.textContent = "Lição concluída";
    progress.setAttribute("aria-valuenow", String(total));
    progress.setAttribute("aria-valuetext", "Lição concluída");
    progressBar.style.width = "100%";

    var status = document.getElementById("result-status");
    status.setAttribute("data-status", passed ? "passed" : "failed");
    status.textContent = passed ? "Aprovado" : "Não aprovado";
    document.getElementById("result-score").textContent =
      "Você acertou " + outcome.correct + " de " + outcome.total + " perguntas (" + percent + "%).";
    document.getElementById("result-message").textContent = passed
      ? "Parabéns! Seu resultado foi registrado. Você já pode fechar esta lição."
      : "Seu resultado foi registrado. Revise o conteúdo e abra a lição novamente para tentar outra vez.";

    var list = document.getElementById("result-details");
    list.textContent = "";
    outcome.details.forEach(function (detail) {
      var item = document.createElement("li");
      item.setAttribute("data-correct", String(detail.correct));
      var title = document.createElement("strong");
      title.textContent = (detail.correct ? "Correta: " : "Incorreta: ") + detail.title;
      var explanation = document.createElement("p");
      explanation.textContent = (detail.correct ? "" : "Resposta certa: " + detail.answerText + ". ") + detail.explanation;
      item.appendChild(title);
      item.appendChild(explanation);
      list.appendChild(item);
    });
    result.hidden = false;
    document.getElementById("result-title").focus();
  }

  function finish() {
    if (finished) return;
    var outcome = grade();
    if (!outcome) return;
    var passing = session.passingScore != null ? session.passingScore : Number(form.getAttribute("data-passing"));
    var scaled = Math.round((outcome.correct / outcome.total) * 100) / 100;
    var percent = Math.round((outcome.correct / outcome.total) * 100);
    var passed = outcome.correct / outcome.total >= passing;
    save();
    tracking.recordResult({ percent: percent, scaled: scaled, passed: passed });
    finished = true;
    tracking.finish();
    showResult(outcome, passed, percent);
  }

  prevButton.addEventListener("click", function () {
    go(state.page - 1);
  });
  nextButton.addEventListener("click", function () {
    go(state.page + 1);
  });
  finishButton.addEventListener("click", finish);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    finish();
  });
  form.addEventListener("change", function (event) {
    var input = event.target;
    if (!input || input.type !== "radio") return;
    state.answers[input.name] = input.value;
    input.closest("fieldset").setAttribute("aria-invalid", "false");
    save();
  });

  function leave() {
    if (finished) return;
    finished = true;
    tracking.suspend();
  }
  window.addEventListener("pagehide", leave);
  window.addEventListener("beforeunload", leave);

  var session = tracking.start();
  var lmsStatus = document.getElementById("lms-status");
  lmsStatus.setAttribute("data-connected", String(session.connected));
  lmsStatus.textContent = session.connected
    ? "Progresso salvo na plataforma"
    : "Pré-visualização: o progresso não será salvo";
  document.documentElement.setAttribute("data-lms-connected", String(session.connected));

  var resumed = restore(session);
  render();
  if (resumed && state.page > 1) {
    var notice = document.getElementById("resume-notice");
    notice.textContent = "Bem-vindo de volta! Você continua de onde parou: página " + state.page + ".";
    notice.hidden = false;
  }
  save();
})();
